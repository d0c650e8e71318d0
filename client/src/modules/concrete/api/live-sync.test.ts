import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { CONCRETE_CONFIG_CHANGED_EVENT } from '#domain/concrete';
import type { LiveEvent } from '#domain/realtime';
import { dispatchLiveEvent } from '../../../realtime/live-sync-registry.ts';
import { element, settings } from '../test/fixtures.ts';
import { concreteKeys } from './keys.ts';
import { registerConcreteLiveSync } from './live-sync.ts';

registerConcreteLiveSync();

const event = (data: Record<string, unknown>): LiveEvent => ({
  id: 1,
  type: CONCRETE_CONFIG_CHANGED_EVENT,
  companyId: 1,
  projectId: null,
  entity: null,
  userId: null,
  actorId: 5,
  action: 'updated',
  from: null,
  to: null,
  data,
  at: '2026-12-02T12:00:00.000Z',
});

function cached() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(concreteKeys.elements(), [element()]);
  queryClient.setQueryData(concreteKeys.laboratories(), []);
  queryClient.setQueryData(concreteKeys.settings(), settings());
  const stale = () =>
    (['elements', 'laboratories', 'settings'] as const).filter(
      (k) => queryClient.getQueryState(concreteKeys[k]())?.isInvalidated,
    );
  return { queryClient, stale };
}

describe('concrete live events (docs/architecture.md §5 step 5)', () => {
  it('asks again for the catalogue another screen wrote, and only that one', () => {
    const { queryClient, stale } = cached();
    dispatchLiveEvent(event({ catalogue: 'elements', id: 1 }), queryClient);
    expect(stale()).toEqual(['elements']);
    dispatchLiveEvent(event({ catalogue: 'settings', id: null }), queryClient);
    expect(stale()).toEqual(['elements', 'settings']);
  });

  it('asks again for the whole configuration when the event names no catalogue it knows', () => {
    const { queryClient, stale } = cached();
    dispatchLiveEvent(event({ catalogue: 'placements' }), queryClient);
    expect(stale()).toEqual(['elements', 'laboratories', 'settings']);
  });
});
