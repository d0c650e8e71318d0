import type { FichaDetail, ScheduleView } from '../api/ficha-api.ts';

/** A delivery appointment to confirm, answerable by the owner until the day before (docs/product.md §4 delivery schedule). */
export const scheduleView = (over: Partial<ScheduleView> = {}): ScheduleView => {
  const start = over.start_at ?? new Date(Date.now() + 7 * 86_400_000).toISOString();
  return {
    id: 9,
    state: 'por_confirmar',
    start_at: start,
    responsible_id: null,
    owner_decision_at: null,
    owner_decision_by: null,
    owner_decision_reason: null,
    can_confirm: true,
    can_reject: true,
    deadline: new Date(Date.parse(start) - 86_400_000).toISOString(),
    ...over,
  };
};

/** A ficha header as GET entregas/fichas/:unitId answers it (domain/fichas-responses.ts). */
export const fichaDetail = (over: Partial<FichaDetail> = {}): FichaDetail => ({
  id: 5,
  unit: '104-B',
  project: { id: 1, name: 'Condominio Alto Macul' },
  tower: null,
  floor: null,
  unit_type: null,
  responsible: null,
  schedule: null,
  scheduled_delivery_at: null,
  delivery_date: null,
  pending_failures: 0,
  state: 'por_entregar',
  is_passed_to_after_sales: false,
  after_sales_ticket: null,
  owners_count: 1,
  allowed_events: [],
  schedule_allowed_events: [],
  updated_at: '2026-03-01T12:00:00.000Z',
  ...over,
});
