import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { STAFF_DATA, type LiveEvent } from '#domain/realtime';
import type { ListEnvelope } from '../../../api/data.ts';
import { dispatchLiveEvent } from '../../../realtime/live-sync-registry.ts';
import { boardCard, boardLane, ticketRow } from '../test/fixtures.ts';
import { afterSalesKeys } from './keys.ts';
import { registerAfterSalesLiveSync } from './live-sync.ts';
import { applyToBoard, applyToTicketPage, screenViewOf, type ScreenView } from './screen-apply.ts';
import type { RequestsBoard, TicketRow } from './types.ts';

registerAfterSalesLiveSync();

const LATER = '2026-11-03T09:00:00.000Z';
function event(row: TicketRow, opts: { type?: string; from?: string | null; overdue?: boolean } = {}): LiveEvent {
  return {
    id: 10,
    type: opts.type ?? 'ticket.state_changed',
    companyId: 1,
    projectId: row.project.id,
    entity: { type: 'ticket', id: row.id },
    userId: null,
    actorId: 5,
    action: null,
    from: opts.from === undefined ? 'abierta' : opts.from,
    to: row.state,
    data: { ticketId: row.id, updatedAt: row.updated_at, [STAFF_DATA]: { row, overdue: opts.overdue ?? false } },
    at: row.updated_at,
  };
}
const viewOf = (e: LiveEvent) => screenViewOf(e) as ScreenView;
const page = (rows: TicketRow[]): ListEnvelope<TicketRow> => ({
  data: rows,
  total: rows.length,
  current_page: 1,
  rowsPerPage: 50,
  has_more: false,
});
const onPage = (rows: TicketRow[], row: TicketRow, filters = {}, sortBy: unknown = null, type?: string) => {
  const e = event(row, { type });
  return applyToTicketPage(page(rows), { filters, sortBy }, e, viewOf(e));
};

describe('the staff part of a ticket event (server: tickets/list.ts ticketScreenView)', () => {
  it('is read only when it holds a valid row of the event’s ticket', () => {
    const e = event(ticketRow());
    expect(screenViewOf(e)?.row.id).toBe(31);
    expect(screenViewOf({ ...e, data: {} })).toBeUndefined();
    expect(screenViewOf({ ...e, data: { [STAFF_DATA]: { row: { id: 31 }, overdue: false } } })).toBeUndefined();
    expect(screenViewOf({ ...e, entity: { type: 'ticket', id: 32 } })).toBeUndefined();
    expect(screenViewOf({ ...e, data: { [STAFF_DATA]: { row: ticketRow(), overdue: 'yes' } } })).toBeUndefined();
  });
});

describe('a list page takes the row or refetches (docs/architecture.md §5 step 5)', () => {
  const shown = [ticketRow({ id: 30, code: 'PLD-00030' }), ticketRow(), ticketRow({ id: 32, code: 'PLD-00032' })];
  const changed = ticketRow({ state: 'postergada', previous_state: 'abierta', updated_at: LATER });

  it('replaces the row in place when the set and the order cannot have moved', () => {
    const out = onPage(shown, changed);
    expect(out.kind).toBe('set');
    if (out.kind !== 'set') return;
    expect(out.data.data.map((r) => [r.id, r.state])).toEqual([
      [30, 'abierta'],
      [31, 'postergada'],
      [32, 'abierta'],
    ]);
    expect(out.data.total).toBe(3);
    // The same answer for a filter the row still meets, or one on what never changes.
    expect(onPage(shown, changed, { state: ['postergada', 'abierta'], project_id: [3] }).kind).toBe('set');
    expect(onPage(shown, changed, { date_preset: 'month', search: 'baño' }).kind).toBe('set');
  });

  it('refetches when the row leaves the filter, the sort moves it or a filter cannot be judged here', () => {
    expect(onPage(shown, changed, { state: ['abierta'] }).kind).toBe('refetch');
    expect(onPage(shown, changed, {}, 'updated_at').kind).toBe('refetch');
    expect(onPage(shown, changed, {}, 'state').kind).toBe('refetch');
    expect(onPage(shown, changed, { sla: 'vencidas' }).kind).toBe('refetch');
    expect(onPage(shown, changed, { date_field: 'updated', date_preset: 'today' }).kind).toBe('refetch');
    expect(onPage(shown, { ...changed, subject: 'Otra cosa' }, { search: 'baño' }).kind).toBe('refetch');
  });

  it('keeps what it shows for an older write', () => {
    expect(onPage([ticketRow({ updated_at: LATER })], ticketRow()).kind).toBe('same');
  });

  it('a ticket not on the page changes it only if the write can move tickets in, out or across', () => {
    const elsewhere = ticketRow({ id: 99, state: 'postergada', updated_at: LATER });
    expect(onPage(shown, elsewhere).kind).toBe('same');
    expect(onPage(shown, elsewhere, { project_id: [3] }, 'code').kind).toBe('same');
    expect(onPage(shown, elsewhere, { state: ['abierta'] }).kind).toBe('refetch');
    expect(onPage(shown, elsewhere, {}, 'updated_at').kind).toBe('refetch');
    expect(onPage(shown, elsewhere, {}, null, 'ticket.created').kind).toBe('refetch');
    expect(onPage(shown, elsewhere, { project_id: [4] }, null, 'ticket.created').kind).toBe('same');
  });
});

describe('the live board moves the card and its counts, or refetches', () => {
  const at = (h: number) => `2026-11-02T${String(h).padStart(2, '0')}:00:00.000Z`;
  function board(): RequestsBoard {
    const lanes = [
      boardLane(5, [
        boardCard(31, { updated_at: at(10) }),
        boardCard(33, { state: 'nueva', updated_at: at(9), overdue: true }),
      ]),
      boardLane(6, [boardCard(34, { priority: 'high', updated_at: at(8) })]),
    ];
    return {
      by_state: { abierta: 2, nueva: 1, resuelta: 4 },
      by_priority: { medium: 2, high: 1 },
      response: { open: 3, overdue: 1, on_time: 2 },
      lanes,
    };
  }
  const apply = (row: TicketRow, opts: Parameters<typeof event>[1] = {}, filters = {}, b = board()) => {
    const e = event(row, opts);
    return applyToBoard(b, filters, e, viewOf(e));
  };
  const set = (out: ReturnType<typeof apply>) => {
    if (out.kind !== 'set') throw new Error(`expected new data, got ${out.kind}`);
    return out.data;
  };

  it('a state change moves the counts and puts the card first in its lane', () => {
    const next = set(apply(ticketRow({ state: 'en_proceso', updated_at: LATER }), { overdue: true }));
    expect(next.by_state).toEqual({ abierta: 1, nueva: 1, en_proceso: 1, resuelta: 4 });
    expect(next.by_priority).toEqual({ medium: 2, high: 1 });
    expect(next.response).toEqual({ open: 3, overdue: 2, on_time: 1 });
    const lane = next.lanes[0];
    expect(lane.by_state).toEqual({ nueva: 1, abierta: 0, en_proceso: 1, postergada: 0 });
    expect(lane.tickets.map((c) => [c.id, c.state, c.overdue])).toEqual([
      [31, 'en_proceso', true],
      [33, 'nueva', true],
    ]);
  });

  it('resolving takes the card off, and the lane with it when it was its last', () => {
    const next = set(
      apply(
        ticketRow({
          id: 34,
          code: 'PLD-00034',
          priority: 'high',
          state: 'resuelta',
          updated_at: LATER,
          responsible: { id: 6, full_name: 'Persona 6' },
        }),
      ),
    );
    expect(next.by_state).toEqual({ abierta: 1, nueva: 1, resuelta: 5 });
    expect(next.by_priority).toEqual({ medium: 2 });
    expect(next.lanes.map((l) => l.responsible.id)).toEqual([5]);
    expect(next.response).toEqual({ open: 2, overdue: 1, on_time: 1 });
  });

  it('a new responsible with a lane takes the card; lanes stay ordered by open tickets', () => {
    const next = set(
      apply(ticketRow({ responsible: { id: 6, full_name: 'Persona 6' }, updated_at: LATER }), {
        type: 'ticket.assigned',
        from: null,
      }),
    );
    expect(next.lanes.map((l) => [l.responsible.id, l.open, l.tickets.map((c) => c.id)])).toEqual([
      [6, 2, [31, 34]],
      [5, 1, [33]],
    ]);
  });

  it('leaving the filter takes the card off without adding it anywhere', () => {
    const next = set(apply(ticketRow({ state: 'postergada', updated_at: LATER }), {}, { state: ['abierta', 'nueva'] }));
    expect(next.by_state).toEqual({ abierta: 1, nueva: 1, resuelta: 4 });
    expect(next.lanes[0].tickets.map((c) => c.id)).toEqual([33]);
  });

  it('refetches when the board cannot know: a responsible without a lane, a hidden card, a ticket it does not show', () => {
    expect(apply(ticketRow({ responsible: { id: 7, full_name: 'Nueva' }, updated_at: LATER })).kind).toBe('refetch');
    const full = board();
    full.lanes[0] = {
      ...full.lanes[0],
      open: 25,
      tickets: Array.from({ length: 20 }, (_, i) => boardCard(31 + i * 10, { updated_at: at(10) })),
    };
    expect(apply(ticketRow({ state: 'resuelta', updated_at: LATER }), {}, {}, full).kind).toBe('refetch');
    expect(apply(ticketRow({ id: 90, updated_at: LATER })).kind).toBe('refetch');
    expect(
      apply(ticketRow({ id: 90, state: 'finalizada', updated_at: LATER }), { type: 'ticket.message', from: null }).kind,
    ).toBe('same');
    expect(apply(ticketRow({ state: 'en_proceso', updated_at: at(9) }), {}, { sla: 'vencidas' }).kind).toBe('same'); // older than the card
    expect(apply(ticketRow({ state: 'en_proceso', updated_at: LATER }), {}, { sla: 'vencidas' }).kind).toBe('refetch');
  });
});

describe('a ticket event with its row reaches the caches without a request', () => {
  it('the list page and board take it; the aggregate dashboards refetch', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const listKey = afterSalesKeys.list('tickets', { pagination: { page: 1 }, filters: {} });
    queryClient.setQueryData(listKey, page([ticketRow()]));
    queryClient.setQueryData(afterSalesKeys.board({}), {
      by_state: { abierta: 1 },
      by_priority: { medium: 1 },
      response: { open: 1, overdue: 0, on_time: 1 },
      lanes: [boardLane(5, [boardCard(31)])],
    } satisfies RequestsBoard);
    queryClient.setQueryData(afterSalesKeys.efficiency({}), { by_responsible: [], by_project: [] });
    dispatchLiveEvent(event(ticketRow({ state: 'en_proceso', updated_at: LATER })), queryClient);
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key);
    expect(queryClient.getQueryData<ListEnvelope<TicketRow>>(listKey)?.data[0].state).toBe('en_proceso');
    expect(state(listKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData<RequestsBoard>(afterSalesKeys.board({}))?.lanes[0].tickets[0].state).toBe(
      'en_proceso',
    );
    expect(state(afterSalesKeys.board({}))?.isInvalidated).toBe(false);
    expect(state(afterSalesKeys.efficiency({}))?.isInvalidated).toBe(true);
  });
});
