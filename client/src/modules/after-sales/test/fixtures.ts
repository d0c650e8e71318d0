import type { AgendaEvent, FailureView, OrderView, RequestsBoard, TicketDetail, TicketRow } from '../api/types.ts';

export function ticketDetail(patch: Partial<TicketDetail> = {}): TicketDetail {
  return {
    id: 31,
    code: 'PLD-00031',
    number: 31,
    subject: 'Filtración en baño',
    state: 'abierta',
    previous_state: null,
    priority: 'medium',
    origin: 'WEB',
    project: { id: 3, name: 'Edificio Parque', municipal_reception_date: '2024-01-10' },
    tower: { id: 1, name: 'Torre A' },
    floor: null,
    unit: { id: 77, number: '101-A', delivery_date: '2024-03-05', unit_type: null },
    applicant: { id: 9, name: 'Javiera', last_name: 'Castillo' },
    responsible: { id: 5, full_name: 'Valentina Muñoz', acronym: 'VM', color: null, is_enabled: true },
    cc: [],
    created_by: null,
    merged_into_id: null,
    close_justification: null,
    first_response_at: null,
    resolved_at: null,
    progress: { total: 2, done: 0, percent: 0 },
    ready_to_resolve: false,
    counts: { failures: 2, pending_failures: 2, oi: 0, ot: 0, ac: 0 },
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-02T12:00:00.000Z',
    ...patch,
  };
}

/** Ticket 31 as a list row (the same ticket as ticketDetail). */
export function ticketRow(patch: Partial<TicketRow> = {}): TicketRow {
  return {
    id: 31,
    code: 'PLD-00031',
    number: 31,
    subject: 'Filtración en baño',
    state: 'abierta',
    previous_state: null,
    priority: 'medium',
    origin: 'WEB',
    project: { id: 3, name: 'Edificio Parque' },
    tower: { id: 1, name: 'Torre A' },
    unit: { id: 77, number: '101-A' },
    applicant: { id: 9, name: 'Javiera Castillo' },
    responsible: { id: 5, full_name: 'Valentina Muñoz' },
    merged_into_id: null,
    progress: { total: 2, done: 0, percent: 0 },
    ready_to_resolve: false,
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-02T12:00:00.000Z',
    sla: null,
    ...patch,
  };
}

type Lane = RequestsBoard['lanes'][number];
/** A board lane for a responsible (id null: unassigned) with these cards, its counts taken from them unless given. */
export function boardLane(id: number | null, cards: Lane['tickets'], patch: Partial<Lane> = {}): Lane {
  const by_state = { nueva: 0, abierta: 0, en_proceso: 0, postergada: 0 };
  for (const c of cards) by_state[c.state as keyof typeof by_state] += 1;
  return {
    responsible: { id, full_name: id === null ? 'Sin asignar' : `Persona ${id}`, color: null, is_agent: false },
    open: cards.length,
    overdue: cards.filter((c) => c.overdue).length,
    by_state,
    tickets: cards,
    ...patch,
  };
}

/** A board card of ticket `id`. */
export function boardCard(id: number, patch: Partial<Lane['tickets'][number]> = {}): Lane['tickets'][number] {
  return {
    id,
    code: `PLD-000${id}`,
    subject: 'Filtración en baño',
    state: 'abierta',
    priority: 'medium',
    overdue: false,
    updated_at: '2026-11-02T12:00:00.000Z',
    ...patch,
  };
}

export function orderView(patch: Partial<OrderView> = {}): OrderView {
  return {
    id: 7,
    kind: 'OI',
    code: 'OI-PLD7',
    number: 7,
    ticket_id: 31,
    state: 'agendada',
    previous_state: 'creada',
    responsible: { id: 5, full_name: 'Valentina Muñoz', acronym: 'VM', color: null, is_enabled: true },
    start_at: '2026-11-23T13:00:00.000Z',
    end_at: '2026-11-23T14:00:00.000Z',
    duration_minutes: 60,
    description: '',
    observations: null,
    owner_decision: null,
    owner_decision_at: null,
    owner_decision_reason: null,
    owner_window: {
      can_confirm: true,
      can_reject: true,
      deadline: '2026-11-21T13:00:00.000Z',
      is_before_deadline: true,
      needs_staff_confirmation: false,
    },
    managed_at: null,
    failures: [
      {
        id: 11,
        place: 'Baño',
        item: 'Muro',
        detail: 'Filtración',
        severity: 'moderada',
        state: 'pendiente',
        batch: 1,
        result: null,
        comment: null,
        attachments: [],
      },
    ],
    is_schedule_editable: true,
    allowed_events: [],
    created_at: '2026-11-02T12:00:00.000Z',
    updated_at: '2026-11-02T12:00:00.000Z',
    ...patch,
  };
}

export function failureView(patch: Partial<FailureView> = {}): FailureView {
  return {
    id: 11,
    ticket_id: 31,
    state: 'pendiente',
    previous_state: null,
    place: { id: 1, name: 'Baño' },
    item: { id: 2, name: 'Muro', category: 'terminaciones' },
    detail: { id: 3, name: 'Filtración' },
    description: '',
    batch: 1,
    severity: 'moderada',
    guarantee: {
      category: 'terminaciones',
      years: 3,
      start_date: '2024-03-05',
      end_date: '2027-03-05',
      in_force: true,
    },
    marked_to_owner_at: null,
    reentered_count: 0,
    reentered_at: null,
    ac: null,
    orders: [],
    attachments: [],
    created_at: '2026-11-02T12:00:00.000Z',
    updated_at: '2026-11-02T12:00:00.000Z',
    ...patch,
  };
}

export function agendaEvent(patch: Partial<AgendaEvent> = {}): AgendaEvent {
  return {
    id: 7,
    kind: 'OI',
    code: 'OI-PLD7',
    state: 'agendada',
    start: '2026-11-23T13:00:00.000Z',
    end: '2026-11-23T14:00:00.000Z',
    duration_minutes: 60,
    title: 'OI-PLD7',
    responsible: { id: 5, full_name: 'Valentina Muñoz', acronym: 'VM', color: null, is_enabled: true },
    ticket: { id: 31, code: 'PLD-00031', subject: 'Filtración en baño', state: 'abierta' },
    project: { id: 3, name: 'Edificio Parque' },
    unit: { id: 77, number: '101-A' },
    owner: { id: 12, name: 'Javiera Castillo Morales' },
    owner_decision: null,
    overlaps: false,
    overlaps_with: [],
    ...patch,
  };
}
