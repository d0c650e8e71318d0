import type { TicketDetail } from '../api/types.ts';

export { clientWithUser } from '../../../test/users.ts';

export function ticketDetail(patch: Partial<TicketDetail> = {}): TicketDetail {
  return {
    id: 31, code: 'PLD-00031', number: 31, subject: 'Filtración en baño', state: 'abierta', previous_state: null,
    priority: 'medium', origin: 'WEB', project: { id: 3, name: 'Edificio Parque', municipal_reception_date: '2024-01-10' },
    tower: { id: 1, name: 'Torre A' }, floor: null, unit: { id: 77, number: '101-A', delivery_date: '2024-03-05', unit_type: null },
    applicant: { id: 9, name: 'Javiera', last_name: 'Castillo' }, responsible: { id: 5, full_name: 'Valentina Muñoz' }, cc: [], created_by: null,
    merged_into_id: null, close_justification: null, first_response_at: null, resolved_at: null,
    progress: { total: 2, done: 0, percent: 0 }, counts: { failures: 2, pending_failures: 2, oi: 0, ot: 0, ac: 0 },
    created_at: '2026-11-01T12:00:00.000Z', updated_at: '2026-11-02T12:00:00.000Z',
    ...patch,
  };
}
