import type { AcState } from '#machines/ac';
import type { FailureState } from '#machines/failure';
import type { OrderState } from '#machines/order';
import type { TicketState, TicketWorkingState } from '#machines/ticket';
import type { TicketOrigin, TicketPriority } from '#domain/schemas/warranties';

/**
 * Shapes the after-sales API answers (server/src/modules/warranties). Written out here because the
 * client cannot import the server; each names the endpoint that returns it.
 */
export type Ref = { id: number; name: string };
export type PersonBrief = { id: number; full_name: string; acronym?: string; color?: string | null; is_enabled?: boolean };
export type Progress = { total: number; done: number; percent: number };
export type Attachment = { path: string; name: string; size: number; type?: string; url?: string };

/** GET postventa/solicitudes (list row). */
export type TicketRow = {
  id: number; code: string; number: number; subject: string; state: TicketState; previous_state: TicketWorkingState | null;
  priority: TicketPriority; origin: TicketOrigin;
  project: Ref; tower: Ref | null; unit: { id: number; number: string };
  applicant: Ref | null; responsible: { id: number; full_name: string } | null;
  merged_into_id: number | null; progress: Progress; created_at: string; updated_at: string;
};

/** GET postventa/solicitudes/:id. */
export type TicketDetail = Omit<TicketRow, 'applicant' | 'responsible' | 'unit'> & {
  floor: Ref | null;
  project: Ref & { municipal_reception_date: string | null };
  unit: { id: number; number: string; delivery_date: string | null; unit_type: Ref | null };
  applicant: { id: number; name: string; last_name: string; mail?: string; phone?: string; has_account?: boolean; email_verified?: boolean } | null;
  responsible: PersonBrief | null; cc: PersonBrief[]; created_by: PersonBrief | null;
  close_justification: string | null; first_response_at: string | null; resolved_at: string | null;
  counts?: Record<string, number>;
  response?: { response_time_hours: number; response_due_at: string | null; response_elapsed_minutes: number; is_exempt: boolean; is_overdue: boolean };
  allowed_events?: string[];
};

/** GET postventa/solicitudes/:id/actividad (docs/product.md §3 Observation entry). */
export type TimelineEntry = {
  id: string; source: 'message' | 'change'; visibility: 'public' | 'private';
  usuario: { id: number; name: string; color: string | null; acronimo: string } | null;
  fecha: string; tipo: { nombre: string; kind: string }; text: string; archivos: Attachment[];
  action: string | null; from: string | null; to: string | null; data: Record<string, unknown>;
};

/** GET postventa/solicitudes/:id/fallas. */
export type FailureView = {
  id: number; ticket_id: number; state: FailureState; previous_state: string | null;
  place: Ref; item: Ref & { category: string }; detail: Ref; description: string; batch: number; severity: string;
  guarantee: { category: string; years: number; start_date: string; end_date: string; in_force: boolean };
  marked_to_owner_at: string | null; reentered_count: number; reentered_at: string | null;
  ac: { id: number; code: string | null; state: AcState | null } | null;
  orders: { id: number; code: string; kind: 'OI' | 'OT'; result: string | null }[];
  attachments: Attachment[]; created_at: string; updated_at: string;
  allowed_events?: string[];
};

export type OrderKind = 'OI' | 'OT';

/** GET postventa/solicitudes/:id/oi|ot. */
export type OrderView = {
  id: number; kind: OrderKind; code: string; number: number; ticket_id: number; state: OrderState; previous_state: string | null;
  responsible: PersonBrief | null; start_at: string | null; end_at: string | null; duration_minutes: number | null;
  description: string; observations: string | null;
  owner_decision: string | null; owner_decision_at: string | null; owner_decision_reason: string | null;
  owner_window: { can_confirm: boolean; can_reject: boolean; deadline: string | null; is_before_deadline: boolean };
  managed_at: string | null;
  failures: { id: number; place: string; item: string; detail: string; severity: string; state: FailureState; batch: number; result: string | null; comment: string | null }[];
  is_schedule_editable: boolean; allowed_events: string[]; created_at: string; updated_at: string;
};

/** GET postventa/solicitudes/:id/ac. */
export type AcView = {
  id: number; code: string; number: number; state: AcState; reply: string | null; replied_at: string | null;
  replied_by: PersonBrief | null; follow_up: 'reinspeccion' | 'orden_trabajo' | null;
  follow_up_order: { id: number; code: string; kind: OrderKind; state: OrderState } | null;
  failures: { id: number; place: string; item: string; detail: string; state: FailureState }[];
  allowed_events: string[]; created_at: string;
};

/** GET postventa/unidades. */
export type UnitOption = {
  id: number; number: string; tower: Ref | null; unit_type: string | null; delivery_date: string | null; delivery_state: string | null;
  owners: { id: number; name: string; last_name: string; mail: string | null; phone: string | null; role: string }[];
};

/** GET postventa/responsables (docs/product.md §3 User option, v2 shape). */
export type ResponsibleOption = { id: number; full_name: string; username: string; image_url: string | null; acronym: string; color: string | null; is_enabled: boolean; is_agent: boolean };

/** GET postventa/catalogo/unidad/:unitId. */
export type CatalogueTree = {
  unit_type: { id: number; name: string; category: string | null; surface: number | null };
  areas: { id: number; name: string; places: { id: number; name: string; items: { id: number; name: string; category: string; failures: { id: number; name: string; severity: string }[] }[] }[] }[];
};

/** GET postventa/solicitudes/:id/fusionables. */
export type MergeCandidate = { id: number; code: string; subject: string; state: TicketState; created_at: string };

/** GET postventa/agenda. */
export type AgendaEvent = {
  id: number; kind: OrderKind; code: string; state: OrderState; start: string; end: string; duration_minutes: number; title: string;
  responsible: PersonBrief | null; ticket: { id: number; code: string; subject: string; state: TicketState };
  project: Ref; unit: { id: number; number: string }; owner_decision: string | null; overlaps: boolean; overlaps_with: number[];
};

/** GET postventa/dashboard/solicitudes. */
export type RequestsBoard = {
  by_state: Partial<Record<TicketState, number>>;
  by_priority: Partial<Record<TicketPriority, number>>;
  response: { open: number; overdue: number; on_time: number };
  lanes: {
    responsible: { id: number | null; full_name: string; color: string | null; is_agent: boolean };
    open: number; overdue: number; by_state: Record<'nueva' | 'abierta' | 'en_proceso' | 'postergada', number>;
    tickets: { id: number; code: string; subject: string; state: TicketState; priority: TicketPriority; overdue: boolean; updated_at: string }[];
  }[];
};

export type Times = { count: number; avg_hours: number | null; median_hours: number | null };
/** GET postventa/dashboard/eficiencia. */
export type Efficiency = {
  by_responsible: { responsible: { id: number; full_name: string } | null; response: Times; resolution: Times }[];
  by_project: { project: Ref; response: Times; resolution: Times }[];
};

/** GET postventa/estadisticas. */
export type Statistics = {
  by_place: { name: string; n: number }[];
  by_item: { name: string; category: string; n: number }[];
  by_severity: { name: string; n: number }[];
  recurrence_by_unit_type: {
    unit_type: Ref; failures: number; units: number; failures_per_unit: number;
    recurrent_details: { place: string; item: string; detail: string; n: number; units: number }[];
  }[];
};
