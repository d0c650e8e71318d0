import { createQueryKeys } from '../../../api/query.ts';

const base = createQueryKeys('concrete');

/**
 * Query keys of the concrete module (docs/modules.md §5): every key starts with 'concrete'. The configuration
 * (config/hormigon) sits under `config()`, so a live event about it refreshes every catalogue and the settings at once.
 */
export const concreteKeys = {
  ...base,
  config: () => [...base.all, 'config'] as const,
  elements: () => [...base.all, 'config', 'elements'] as const,
  laboratories: () => [...base.all, 'config', 'laboratories'] as const,
  companies: () => [...base.all, 'config', 'companies'] as const,
  types: () => [...base.all, 'config', 'types'] as const,
  settings: () => [...base.all, 'config', 'settings'] as const,
  /** Placements, batches and the advance of a project: one live event refreshes all three (api/live-sync.ts). */
  work: (projectId: number) => [...base.all, 'work', projectId] as const,
  placements: (projectId: number) => [...base.all, 'work', projectId, 'placements'] as const,
  placementList: (projectId: number, query: Record<string, unknown>) =>
    [...base.all, 'work', projectId, 'placements', 'list', query] as const,
  /** A detail is read by its id alone (its page knows no project before loading it). */
  placement: (placementId: number) => [...base.all, 'placement', placementId] as const,
  batches: (projectId: number) => [...base.all, 'work', projectId, 'batches'] as const,
  batchList: (projectId: number, query: Record<string, unknown>) =>
    [...base.all, 'work', projectId, 'batches', 'list', query] as const,
  batch: (batchId: number) => [...base.all, 'batch', batchId] as const,
  advance: (projectId: number) => [...base.all, 'work', projectId, 'advance'] as const,
  /** The project's Concrete model and supporting documents (concrete/uploader). */
  uploader: (projectId: number) => [...base.all, 'uploader', projectId] as const,
  model: (projectId: number) => [...base.all, 'uploader', projectId, 'model'] as const,
  documents: (projectId: number) => [...base.all, 'uploader', projectId, 'documents'] as const,
};
