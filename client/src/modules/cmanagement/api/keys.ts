import { createQueryKeys } from '../../../api/query.ts';

const base = createQueryKeys('cmanagement');

/**
 * Query keys of the cmanagement module (docs/modules.md §5): every key starts with 'cmanagement'. Everything of one
 * ticket sits under `ticket(id)`, so a live event about it refreshes the page, its issues and its tasks at once
 * (api/live-sync.ts); the lists and the schedule have their own roots.
 */
export const cmanagementKeys = {
  ...base,
  /** Categories, their fields and task templates (config/cmanagement and the ticket forms). */
  config: () => [...base.all, 'config'] as const,
  categories: () => [...base.all, 'config', 'categories'] as const,
  fields: (categoryId: number) => [...base.all, 'config', 'fields', categoryId] as const,
  templates: (categoryId: number) => [...base.all, 'config', 'templates', categoryId] as const,
  /** The tickets list and board pages, by their query. */
  ticketLists: () => [...base.all, 'tickets'] as const,
  ticketList: (query: Record<string, unknown>) => [...base.all, 'tickets', query] as const,
  ticket: (id: number) => [...base.all, 'ticket', id] as const,
  ticketDetail: (id: number) => [...base.all, 'ticket', id, 'detail'] as const,
  comments: (id: number) => [...base.all, 'ticket', id, 'comments'] as const,
  issues: (id: number) => [...base.all, 'ticket', id, 'issues'] as const,
  issue: (ticketId: number, issueId: number) => [...base.all, 'ticket', ticketId, 'issues', issueId] as const,
  plans: (id: number) => [...base.all, 'ticket', id, 'plans'] as const,
  tasks: (id: number) => [...base.all, 'ticket', id, 'tasks'] as const,
  /** The schedule (every visible task), by its query. */
  schedules: () => [...base.all, 'schedule'] as const,
  schedule: (query: Record<string, unknown>) => [...base.all, 'schedule', query] as const,
  people: (projectId: number | null) => [...base.all, 'people', projectId] as const,
  views: () => [...base.all, 'views'] as const,
};
