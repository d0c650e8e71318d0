import type { QueryKey } from '@tanstack/react-query';
import { CONCRETE_CATALOGUES, CONCRETE_CONFIG_CHANGED_EVENT, type ConcreteCatalogue } from '#domain/concrete';
import {
  BATCH_NONCONFORMING_NOTIFICATION,
  CONCRETE_PLACEMENT_CHANGED_EVENT,
  CONCRETE_UPLOADER_CHANGED_EVENT,
} from '#domain/concrete-placements';
import { rooms } from '#domain/realtime';
import { useLiveRoom } from '../../../realtime/live-sync-provider.tsx';
import { registerLiveSync, type LiveSyncHandler } from '../../../realtime/live-sync-registry.ts';
import { concreteKeys } from './keys.ts';

const KEY_OF: Record<ConcreteCatalogue, () => QueryKey> = {
  elements: concreteKeys.elements,
  laboratories: concreteKeys.laboratories,
  companies: concreteKeys.companies,
  types: concreteKeys.types,
  settings: concreteKeys.settings,
};

const isCatalogue = (v: unknown): v is ConcreteCatalogue => CONCRETE_CATALOGUES.includes(v as ConcreteCatalogue);

/**
 * Someone wrote config/hormigon (server/src/modules/concrete/config/events.ts, to the company's room, which a staff
 * socket joins by itself): the catalogue the event names is asked again, or the whole configuration when it names
 * none. A settings form being edited keeps what was typed unless the saved settings really changed.
 */
const configChanged: LiveSyncHandler = (e, queryClient) => {
  const catalogue: unknown = e.data.catalogue;
  void queryClient.invalidateQueries({
    queryKey: isCatalogue(catalogue) ? KEY_OF[catalogue]() : concreteKeys.config(),
  });
};

/**
 * The project's Concrete model changed (server/src/modules/concrete/uploader, to the project's room):
 * the uploader's queries are asked again, and the advance, which colours that model.
 */
const uploaderChanged: LiveSyncHandler = (e, queryClient) => {
  const projectId = Number(e.data.project_id);
  if (!Number.isInteger(projectId)) return;
  void queryClient.invalidateQueries({ queryKey: concreteKeys.uploader(projectId) });
  void queryClient.invalidateQueries({ queryKey: concreteKeys.advance(projectId) });
};

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : []);

/**
 * A placement, sample or batch of the project was written (server/src/modules/concrete/shared/events.ts and
 * batches/judge.ts, to the project's room): its lists, batches and advance (work()) are asked again, and the details
 * the event names. A batch judged non-conforming is announced under its notification's type, with the same data.
 */
const placementChanged: LiveSyncHandler = (e, queryClient) => {
  if (e.projectId !== null) void queryClient.invalidateQueries({ queryKey: concreteKeys.work(e.projectId) });
  for (const id of ids(e.data.placement_ids))
    void queryClient.invalidateQueries({ queryKey: concreteKeys.placement(id) });
  for (const id of ids(e.data.batch_ids)) void queryClient.invalidateQueries({ queryKey: concreteKeys.batch(id) });
};

/**
 * Concrete's project events reach the project's room, which a staff socket does not join by itself: a screen of one
 * project's placements, batches or model keeps the socket in it while mounted.
 */
export function useConcreteLive(projectId: number | null) {
  useLiveRoom(projectId ? rooms.project(projectId) : null);
}

let registered = false;

/** docs/architecture.md §5 step 5 for concrete: registered once, when the module loads (index.ts). */
export function registerConcreteLiveSync() {
  if (registered) return;
  registered = true;
  registerLiveSync(CONCRETE_CONFIG_CHANGED_EVENT, configChanged);
  registerLiveSync(CONCRETE_UPLOADER_CHANGED_EVENT, uploaderChanged);
  registerLiveSync(CONCRETE_PLACEMENT_CHANGED_EVENT, placementChanged);
  registerLiveSync(BATCH_NONCONFORMING_NOTIFICATION, placementChanged);
}
