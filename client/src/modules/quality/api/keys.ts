import { createQueryKeys } from '../../../api/query.ts';

const base = createQueryKeys('quality');

/**
 * Query keys of the quality module (docs/modules.md §5): every key starts with 'quality'. A project's activities
 * (the list, the Gantt and the model's colours read the same answer) sit under `activities(projectId)`, so a live
 * event about one of them is written into every view at once (api/live-sync.ts).
 */
export const qualityKeys = {
  ...base,
  models: () => [...base.all, 'models'] as const,
  modelList: (projectId: number | null) => [...base.all, 'models', 'list', projectId] as const,
  model: (id: number) => [...base.all, 'models', id] as const,
  elements: (modelId: number, query: Record<string, unknown>) =>
    [...base.all, 'models', modelId, 'elements', query] as const,
  activityElements: (modelId: number) => [...base.all, 'models', modelId, 'activity-elements'] as const,
  attributes: () => [...base.all, 'attributes'] as const,
  /** Every project's activities (an attribute or value deleted leaves them all). */
  allActivities: () => [...base.all, 'activities'] as const,
  /** Every query of one project's activities (the whole tree, filtered or not). */
  activities: (projectId: number) => [...base.all, 'activities', projectId] as const,
  activityList: (projectId: number, query: Record<string, unknown>) =>
    [...base.all, 'activities', projectId, 'list', query] as const,
  history: (activityId: number) => [...base.all, 'history', activityId] as const,
};
