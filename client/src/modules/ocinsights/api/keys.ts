import { createQueryKeys } from '../../../api/query.ts';

const base = createQueryKeys('ocinsights');

/** Query keys of the ocinsights module (docs/modules.md §5): every key starts with 'ocinsights'; one per section. */
export const ocinsightsKeys = {
  ...base,
  usage: () => [...base.all, 'usage'] as const,
  activeUsers: (query: Record<string, unknown>) => [...base.all, 'usage', 'active', query] as const,
  modules: (query: Record<string, unknown>) => [...base.all, 'usage', 'modules', query] as const,
  adoption: (query: Record<string, unknown>) => [...base.all, 'usage', 'adoption', query] as const,
  neverSignedIn: () => [...base.all, 'usage', 'never-signed-in'] as const,
};
