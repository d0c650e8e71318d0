import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { PERMISSIONS_CHANGED_EVENT, type LiveEvent } from '#domain/realtime';
import { dispatchLiveEvent } from '../../realtime/live-sync-registry.ts';
import { authUserQuery } from './auth-user.ts';

const event = (type: string): LiveEvent => ({
  id: 1,
  type,
  companyId: 1,
  projectId: null,
  entity: { type: 'profile', id: 3 },
  userId: 7,
  actorId: 1,
  action: null,
  from: null,
  to: null,
  data: {},
  at: '2026-11-25T02:00:00.000Z',
});

// docs/product.md §6: a profile change takes effect in its users' open tabs without reload (menus follow the user).
describe('the signed-in user follows permission changes live', () => {
  it('refetches who the user is when their permissions change, and only then', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    dispatchLiveEvent(event('ticket.state_changed'), queryClient);
    expect(spy).not.toHaveBeenCalledWith({ queryKey: authUserQuery.queryKey });
    dispatchLiveEvent(event(PERMISSIONS_CHANGED_EVENT), queryClient);
    expect(spy).toHaveBeenCalledWith({ queryKey: authUserQuery.queryKey });
  });
});
