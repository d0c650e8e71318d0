import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '#domain/realtime';
import { dispatchLiveEvent } from '../../../realtime/live-sync-registry.ts';
import { invalidatedKeys, seededClient } from '../test/cache.tsx';
import { registerAfterSalesLiveSync } from './live-sync.ts';

registerAfterSalesLiveSync();

const UPDATED_AT = '2026-11-02T12:00:00.000Z'; // the seeded header's updated_at
const event = (type: string, updatedAt: string, ticketId = 31): LiveEvent => ({
  id: 1,
  type,
  companyId: 1,
  projectId: 3,
  entity: { type: 'ticket', id: ticketId },
  userId: null,
  actorId: 5,
  action: null,
  from: null,
  to: null,
  data: { ticketId, updatedAt },
  at: updatedAt,
});

describe('after-sales live events and the caches a write already updated (docs/architecture.md §5 step 5)', () => {
  it("a ticket write the header already holds (this user's own, applied from the answer) refetches the rest of the ticket, not the header", () => {
    const queryClient = seededClient();
    dispatchLiveEvent(event('ticket.state_changed', UPDATED_AT), queryClient);
    const stale = invalidatedKeys(queryClient);
    expect(stale).not.toContain('ticket/31/detail');
    expect(stale).toEqual(
      expect.arrayContaining(['dashboards/board', 'list/tickets', 'ticket/31/timeline/1', 'ticket/31/failures']),
    );
    expect(stale.filter((k) => k.startsWith('ticket/32'))).toEqual([]);
  });

  it('a newer write refetches the header too', () => {
    const queryClient = seededClient();
    dispatchLiveEvent(event('ticket.updated', '2026-11-03T08:00:00.000Z'), queryClient);
    expect(invalidatedKeys(queryClient)).toContain('ticket/31/detail');
  });

  it('events whose data may predate their change (a failure deleted, the response clock running out) always refetch the header', () => {
    for (const type of ['failure.changed', 'ticket.response_overdue', 'order.confirmed']) {
      const queryClient = seededClient();
      dispatchLiveEvent(event(type, UPDATED_AT), queryClient);
      expect(invalidatedKeys(queryClient)).toContain('ticket/31/detail');
    }
  });
});
