import { createQueryKeys } from '../../../api/query.ts';

const base = createQueryKeys('verifications');

/**
 * Query keys of the verifications module (docs/modules.md §5): every key starts with 'verifications'. The templates
 * (config/recepciones) sit under `templates()`; a project's receptions and follow-ups under `work(projectId)`, so one
 * live event of the project refreshes its list, Gantt and follow-ups at once (api/live-sync.ts).
 */
export const verificationKeys = {
  ...base,
  templates: () => [...base.all, 'templates'] as const,
  work: (projectId: number) => [...base.all, 'work', projectId] as const,
  receptionList: (projectId: number, query: Record<string, unknown>) =>
    [...base.all, 'work', projectId, 'receptions', query] as const,
  followUps: (projectId: number, query: Record<string, unknown>) =>
    [...base.all, 'work', projectId, 'follow-ups', query] as const,
  /** A detail is read by its id alone (its page knows no project before loading it). */
  reception: (receptionId: number) => [...base.all, 'reception', receptionId] as const,
};
