import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#domain/realtime';
import { CM_ENTITY } from '#domain/cmanagement';
import { dispatchLiveEvent } from '../../../realtime/live-sync-registry.ts';
import { cmanagementKeys } from './keys.ts';
import { registerCmanagementLiveSync } from './live-sync.ts';

registerCmanagementLiveSync();

const event = (type: string, entity: string, data: Record<string, unknown>): LiveEvent => ({
  id: 1,
  type,
  companyId: 1,
  projectId: 3,
  entity: { type: entity, id: Number(data.task_id ?? data.issue_id ?? data.ticket_id) },
  userId: null,
  actorId: 5,
  action: null,
  from: null,
  to: null,
  data,
  at: '2026-11-02T12:00:00.000Z',
});

/** A client holding the list, two tickets' pages and the schedule; which of them an event marks stale. */
function staleAfter(e: LiveEvent): string[] {
  const queryClient = new QueryClient();
  const keys = [
    cmanagementKeys.ticketList({ page: 1 }),
    cmanagementKeys.ticketDetail(31),
    cmanagementKeys.comments(31),
    cmanagementKeys.tasks(31),
    cmanagementKeys.ticketDetail(32),
    cmanagementKeys.schedule({}),
    cmanagementKeys.categories(),
  ];
  for (const key of keys) queryClient.setQueryData(key, {});
  dispatchLiveEvent(e, queryClient);
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.slice(1).map(String).join('/'));
}

describe('Cmanagement live events (docs/architecture.md §5 step 5)', () => {
  it("a ticket's state change refreshes the lists and board, that ticket's page and the schedule", () => {
    const stale = staleAfter(event('cm_ticket.state_changed', CM_ENTITY.ticket, { ticket_id: 31 }));
    expect(stale.sort()).toEqual(
      [
        'schedule/[object Object]',
        'ticket/31/comments',
        'ticket/31/detail',
        'ticket/31/tasks',
        'tickets/[object Object]',
      ].sort(),
    );
  });

  it('an issue refreshes its ticket and the lists, not the schedule or another ticket', () => {
    const stale = staleAfter(event('cm_issue.created', CM_ENTITY.issue, { ticket_id: 31, issue_id: 4 }));
    expect(stale).toContain('ticket/31/detail');
    expect(stale).toContain('tickets/[object Object]');
    expect(stale.some((k) => k.startsWith('schedule') || k.startsWith('ticket/32') || k.startsWith('config'))).toBe(
      false,
    );
  });

  it('a task moved on the Gantt refreshes the schedule and its ticket', () => {
    const stale = staleAfter(event('cm_task.updated', CM_ENTITY.task, { ticket_id: 32, task_id: 9 }));
    expect(stale).toEqual(expect.arrayContaining(['schedule/[object Object]', 'ticket/32/detail']));
    expect(stale.some((k) => k.startsWith('ticket/31'))).toBe(false);
  });
});
