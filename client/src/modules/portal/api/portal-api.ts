import { queryOptions } from '@tanstack/react-query';
import type { TicketState } from '#machines/ticket';
import { canSend } from '#machines/engine';
import { orderMachine, type OrderState } from '#machines/order';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { createQueryKeys } from '../../../api/query.ts';
import type { PortalDelivery } from '#domain/fichas-responses';
import type { PortalAc } from '#domain/acs-responses';
import { acCommands, type AcSignInput } from '#domain/acs';
import type { PlanPinInput } from '#domain/plan-pins';
import type { PlanBoard } from '#domain/plan-pins-responses';

/** The owner portal API (docs/product.md#owner-portal): server/src/modules/after-sales/portal/routes.ts. */
const API = 'postventa/portal';
export const portalKeys = {
  ...createQueryKeys('portal'),
  /** Every page of the owner's tickets. */
  tickets: () => ['portal', 'list', 'tickets'] as const,
  /** One ticket: its detail (with failures and visits) and its conversation. */
  ticket: (id: number) => ['portal', 'ticket', id] as const,
  ticketDetail: (id: number) => ['portal', 'ticket', id, 'detail'] as const,
  messages: (id: number) => ['portal', 'ticket', id, 'messages'] as const,
  /** The unit type's plan with the unit's failures pinned (docs/product.md#defects-on-plans). */
  plan: (id: number) => ['portal', 'ticket', id, 'plan'] as const,
};

export type PortalUnit = {
  id: number;
  number: string;
  role: 'propietario' | 'receptor';
  tower: string | null;
  delivery_date: string | null;
  project: {
    id: number;
    name: string;
    address: string | null;
    commune: string | null;
    real_estate_name: string | null;
    logo_path: string | null;
  };
  contacts: { name: string; role?: string; email?: string; phone?: string }[];
};
export type PortalTicket = {
  id: number;
  code: string;
  subject: string;
  state: TicketState;
  origin: string;
  merged_into_id: number | null;
  unit: { id: number; number: string };
  project: { id: number; name: string };
  progress: { total: number; done: number; percent: number };
  created_at: string;
  updated_at: string;
};
/** A visit as the owner sees it: can_confirm / can_reject come from the order machine on the server, against the project's limit. */
export type PortalVisit = {
  id: number;
  ticket_id: number;
  kind: 'OI' | 'OT';
  code: string;
  state: OrderState;
  start_at: string;
  end_at: string | null;
  responsible: { full_name: string } | null;
  owner_decision: 'confirmada' | 'rechazada' | null;
  owner_decision_at: string | null;
  /** Photos of the visit's results, once it was managed. */
  result_photos?: Photo[];
  can_confirm: boolean;
  can_reject: boolean;
  deadline: string | null;
  is_before_deadline: boolean;
};
export type PortalFailure = {
  id: number;
  state: string;
  place: { name: string };
  item: { name: string };
  detail: { name: string };
  description: string;
  /** The failure's photos, as staff recorded them (marked copies beside their originals). */
  attachments?: Photo[];
};
export type { PortalAc };
export type PortalTicketDetail = PortalTicket & {
  unit: { id: number; number: string };
  tower: { name: string } | null;
  responsible: { full_name: string } | null;
  /** The applicant as the owner sees them (name only). */
  applicant: { name: string; last_name: string } | null;
  failures: PortalFailure[];
  visits: PortalVisit[];
  /** The ticket's conformity acts, to preview and sign (docs/product.md#ac-sign-off). */
  acs: PortalAc[];
};
export type PortalMessage = {
  id: string;
  usuario: { name: string; color: string | null; acronimo: string } | null;
  fecha: string;
  tipo: { nombre: string; kind: string };
  text: string;
  archivos: { path: string; name: string; url?: string }[];
};
export type Photo = { path: string; name: string; size: number; type: string };

export const myUnitsQuery = queryOptions({
  queryKey: portalKeys.item('units'),
  queryFn: ({ signal }) => apiV2.get<DataEnvelope<PortalUnit[]>>(`${API}/unidades`, { signal }).then((r) => r.data),
});
export const myTicketsQuery = (page: number) =>
  queryOptions({
    queryKey: [...portalKeys.tickets(), { page }],
    queryFn: ({ signal }) =>
      apiV2.get<ListEnvelope<PortalTicket>>(`${API}/solicitudes`, { signal, query: { page, rowsPerPage: 50 } }),
  });
export const myVisitsQuery = queryOptions({
  queryKey: portalKeys.list('visits'),
  queryFn: ({ signal }) => apiV2.get<DataEnvelope<PortalVisit[]>>(`${API}/visitas`, { signal }).then((r) => r.data),
});
/** The owner's delivery appointments (server/src/modules/deliveries/portal/routes.ts), soonest first. */
export type { PortalDelivery };
const DELIVERIES_API = 'entregas/portal/entregas';
export const myDeliveriesQuery = queryOptions({
  queryKey: portalKeys.list('deliveries'),
  queryFn: ({ signal }) => apiV2.get<DataEnvelope<PortalDelivery[]>>(DELIVERIES_API, { signal }).then((r) => r.data),
});
export const portalTicketQuery = (id: number) =>
  queryOptions({
    queryKey: portalKeys.ticketDetail(id),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<PortalTicketDetail>>(`${API}/solicitudes/${id}`, { signal }).then((r) => r.data),
  });
export const portalPlanQuery = (id: number) =>
  queryOptions({
    queryKey: portalKeys.plan(id),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<PlanBoard>>(`${API}/solicitudes/${id}/plano`, { signal }).then((r) => r.data),
  });
export const portalMessagesQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...portalKeys.messages(id), page],
    queryFn: ({ signal }) =>
      apiV2.get<ListEnvelope<PortalMessage>>(`${API}/solicitudes/${id}/actividad`, { signal, query: { page } }),
  });

export const portalApi = {
  pin: (ticketId: number, failureId: number, pin: PlanPinInput) =>
    apiV2
      .put<DataEnvelope<PlanBoard>>(`${API}/solicitudes/${ticketId}/fallas/${failureId}/plano`, pin)
      .then((r) => r.data),
  /**
   * POST portal/solicitudes from a device's draft (api/draft-sender.ts): silent, its state shows on the draft
   * instead of a toast; the client_key makes a retry answer the ticket the first send made.
   */
  createFromDraft: (body: {
    unit_id: number;
    subject: string;
    message: string;
    attachments: Photo[];
    client_key: string;
  }) =>
    apiV2
      .post<DataEnvelope<{ id: number; code: string }>>(`${API}/solicitudes`, body, { silent: true })
      .then((r) => r.data),
  message: (id: number, body: { body: string; attachments: Photo[] }) =>
    apiV2.post(`${API}/solicitudes/${id}/mensajes`, body),
  answer: (orderId: number, decision: 'confirmar' | 'rechazar', reason?: string) =>
    apiV2
      .post<DataEnvelope<PortalVisit | null>>(`${API}/visitas/${orderId}/${decision}`, { reason })
      .then((r) => r.data),
  /** docs/product.md#ac-sign-off: the act as it now is, signed by the owner. */
  signAc: (ticketId: number, acId: number, body: AcSignInput) =>
    apiV2
      .post<DataEnvelope<PortalAc>>(`${API}/solicitudes/${ticketId}/ac/${acId}/${acCommands['ac.sign'].verb}`, body)
      .then((r) => r.data),
  /** The act as a PDF: the signed one once signed, else a preview. */
  acPdf: (ticketId: number, acId: number) =>
    apiV2.get<Blob>(`${API}/solicitudes/${ticketId}/ac/${acId}/pdf`, { responseType: 'blob' }),
  answerDelivery: (scheduleId: number, decision: 'confirmar' | 'rechazar', reason?: string) =>
    apiV2
      .post<DataEnvelope<PortalDelivery | null>>(`${DELIVERIES_API}/${scheduleId}/${decision}`, { reason })
      .then((r) => r.data),
};

/**
 * Whether the owner may still answer a visit: the server's machine verdict, and the deadline not
 * passed while the page stayed open (docs/product.md §4: until a configured time before it starts).
 */
export function canAnswer(
  v: Pick<PortalVisit, 'can_confirm' | 'can_reject' | 'deadline'>,
  now = Date.now(),
): { confirm: boolean; reject: boolean } {
  const inTime = !v.deadline || now <= Date.parse(v.deadline);
  return { confirm: v.can_confirm && inTime, reject: v.can_reject && inTime };
}

/**
 * A visit still ahead (agendada, confirmada): the order machine still lets it be called off. Created,
 * cancelled, managed and finished ones are not waiting for the owner.
 */
export function isVisitAhead(state: OrderState): boolean {
  try {
    return canSend(
      orderMachine,
      { value: state, context: { startAt: null, endAt: null } },
      { type: 'order.reject', by: 'staff', now: new Date(0).toISOString(), confirmationDeadlineHours: 0 },
    );
  } catch {
    return false; // a state the machine does not know
  }
}
