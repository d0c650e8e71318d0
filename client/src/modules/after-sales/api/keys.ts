import { createQueryKeys } from '../../../api/query.ts';
import type { OrderKind } from './types.ts';

const ROOT = 'after-sales';
const base = createQueryKeys(ROOT);
export const TICKET_LIST = 'tickets';

/**
 * The one query-key factory of the after-sales module. Everything about one ticket sits under
 * `ticket(id)`, so a live event about that ticket invalidates its header and every tab at once.
 */
export const afterSalesKeys = {
  ...base,
  /** Every page of the solicitudes list (tickets-api.ts ticketListQuery names its list 'tickets'). */
  ticketPages: () => [...base.lists(), TICKET_LIST] as const,
  ticket: (id: number) => [ROOT, 'ticket', id] as const,
  ticketDetail: (id: number) => [ROOT, 'ticket', id, 'detail'] as const,
  timeline: (id: number) => [ROOT, 'ticket', id, 'timeline'] as const,
  failures: (id: number) => [ROOT, 'ticket', id, 'failures'] as const,
  /** The unit type's plan with the unit's failures pinned (docs/product.md#defects-on-plans). */
  plan: (id: number) => [ROOT, 'ticket', id, 'plan'] as const,
  /** Both OI and OT of a ticket, lists and single orders. */
  ticketOrders: (id: number) => [ROOT, 'ticket', id, 'orders'] as const,
  orders: (id: number, kind: OrderKind) => [ROOT, 'ticket', id, 'orders', kind] as const,
  order: (id: number, kind: OrderKind, orderId: number) => [ROOT, 'ticket', id, 'orders', kind, orderId] as const,
  acs: (id: number) => [ROOT, 'ticket', id, 'acs'] as const,
  mergeCandidates: (id: number) => [ROOT, 'ticket', id, 'merge-candidates'] as const,
  catalogue: (unitId: number) => [ROOT, 'catalogue', unitId] as const,
  /** Every agenda query, whatever its range and filters: what a new or moved visit invalidates. */
  agendas: () => [ROOT, 'agenda'] as const,
  agenda: (args: Record<string, unknown> = {}) => [ROOT, 'agenda', args] as const,
  dashboards: () => [ROOT, 'dashboards'] as const,
  boards: () => [ROOT, 'dashboards', 'board'] as const,
  board: (args: Record<string, unknown>) => [ROOT, 'dashboards', 'board', args] as const,
  efficiency: (args: Record<string, unknown>) => [ROOT, 'dashboards', 'efficiency', args] as const,
  statistics: (args: Record<string, unknown>) => [ROOT, 'dashboards', 'statistics', args] as const,
  units: (projectId: number | null, towerId?: number | null) =>
    [ROOT, 'pickers', 'units', projectId, towerId ?? null] as const,
  towers: (projectId: number | null) => [ROOT, 'pickers', 'towers', projectId] as const,
  responsibles: (projectId: number | null) => [ROOT, 'pickers', 'responsibles', projectId] as const,
  guaranteeTerms: () => [ROOT, 'pickers', 'terms'] as const,
  /** The saved views of a list (docs/product.md §2 Saved views). */
  views: (list: string) => [ROOT, 'views', list] as const,
};
