import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { CONCRETE_PLACEMENT_CHANGED_EVENT, CONCRETE_UPLOADER_CHANGED_EVENT } from '#domain/concrete-placements';
import type { LiveEvent } from '#domain/realtime';
import { dispatchLiveEvent } from '../../../realtime/live-sync-registry.ts';
import { concreteKeys } from './keys.ts';
import { registerConcreteLiveSync } from './live-sync.ts';

registerConcreteLiveSync();

const event = (projectId: number): LiveEvent => ({
  id: 1,
  type: CONCRETE_UPLOADER_CHANGED_EVENT,
  companyId: 1,
  projectId,
  entity: null,
  userId: null,
  actorId: 5,
  action: 'updated',
  from: null,
  to: null,
  data: { project_id: projectId },
  at: '2026-12-02T12:00:00.000Z',
});

describe('concrete uploader live event (server/src/modules/concrete/uploader)', () => {
  it("asks again for that project's model and advance, not another project's", () => {
    const queryClient = new QueryClient();
    const keys = [concreteKeys.model(3), concreteKeys.advance(3), concreteKeys.placements(3), concreteKeys.model(4)];
    for (const key of keys) queryClient.setQueryData(key, {});
    dispatchLiveEvent(event(3), queryClient);
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, false, false]);
  });
});

describe('concrete placement live event (server/src/modules/concrete/shared/events.ts)', () => {
  it("asks again for the project's work and the placement and batch it names", () => {
    const queryClient = new QueryClient();
    const keys = [
      concreteKeys.advance(3),
      concreteKeys.placements(3),
      concreteKeys.placement(8),
      concreteKeys.batch(2),
      concreteKeys.placement(9),
      concreteKeys.advance(4),
    ];
    for (const key of keys) queryClient.setQueryData(key, {});
    dispatchLiveEvent(
      { ...event(3), type: CONCRETE_PLACEMENT_CHANGED_EVENT, data: { placement_ids: [8], batch_ids: [2] } },
      queryClient,
    );
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
