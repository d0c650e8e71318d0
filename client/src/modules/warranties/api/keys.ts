import { createQueryKeys } from '../../../api/query.ts';
import type { OrderKind } from './types.ts';

const base = createQueryKeys('warranties');

/**
 * The one query-key factory of the after-sales module. Everything about one ticket sits under
 * `ticket(id)`, so a live event about that ticket invalidates its header and every tab at once.
 */
export const warrantyKeys = {
  ...base,
  ticket: (id: number) => ['warranties', 'ticket', id] as const,
  ticketDetail: (id: number) => ['warranties', 'ticket', id, 'detail'] as const,
  timeline: (id: number) => ['warranties', 'ticket', id, 'timeline'] as const,
  failures: (id: number) => ['warranties', 'ticket', id, 'failures'] as const,
  orders: (id: number, kind: OrderKind) => ['warranties', 'ticket', id, 'orders', kind] as const,
  order: (id: number, kind: OrderKind, orderId: number) => ['warranties', 'ticket', id, 'orders', kind, orderId] as const,
  acs: (id: number) => ['warranties', 'ticket', id, 'acs'] as const,
  mergeCandidates: (id: number) => ['warranties', 'ticket', id, 'merge-candidates'] as const,
  catalogue: (unitId: number) => ['warranties', 'catalogue', unitId] as const,
  agenda: (args: Record<string, unknown> = {}) => ['warranties', 'agenda', args] as const,
  dashboards: () => ['warranties', 'dashboards'] as const,
  board: (args: Record<string, unknown>) => ['warranties', 'dashboards', 'board', args] as const,
  efficiency: (args: Record<string, unknown>) => ['warranties', 'dashboards', 'efficiency', args] as const,
  statistics: (args: Record<string, unknown>) => ['warranties', 'dashboards', 'statistics', args] as const,
  units: (projectId: number | null, towerId?: number | null) => ['warranties', 'pickers', 'units', projectId, towerId ?? null] as const,
  towers: (projectId: number | null) => ['warranties', 'pickers', 'towers', projectId] as const,
  responsibles: (projectId: number | null) => ['warranties', 'pickers', 'responsibles', projectId] as const,
};
