import { STAFF_DATA, type LiveEvent } from '#domain/realtime';
import { TICKET_UNRESOLVED_STATES } from '#domain/tickets';
import { ticketRowSchema } from '#domain/tickets-responses';
import type { ListEnvelope } from '../../../api/data.ts';
import type { TicketFilters } from './tickets-api.ts';
import type { RequestsBoard, TicketRow } from './types.ts';

/**
 * How a ticket event's staff part (server: tickets/list.ts ticketScreenView) changes the screens another
 * user has open, without asking the server (docs/architecture.md §5 step 5): the row replaces its copy in
 * a list page, the card moves on the board with its counts. Each function answers what the cache
 * should do: keep what it has, take new data, or refetch when the event cannot say (the row may
 * leave or enter a page through a filter or a sort, a card hidden below a lane's first twenty).
 */
export type ScreenView = { row: TicketRow; overdue: boolean };
export type Outcome<T> = { kind: 'same' } | { kind: 'set'; data: T } | { kind: 'refetch' };
const same = { kind: 'same' } as const;
const refetch = { kind: 'refetch' } as const;

/** The staff part of an event about a ticket, when it holds that ticket's row. */
export function screenViewOf(e: LiveEvent): ScreenView | undefined {
  const part = e.data[STAFF_DATA] as { row?: unknown; overdue?: unknown } | null | undefined;
  if (!part || typeof part.overdue !== 'boolean' || e.entity?.type !== 'ticket') return undefined;
  const row = ticketRowSchema.safeParse(part.row);
  return row.success && row.data.id === e.entity.id ? { row: row.data, overdue: part.overdue } : undefined;
}

const listOf = (v: unknown): unknown[] => (v === undefined || v === null || v === '' ? [] : [v].flat());
const has = (v: unknown, value: unknown) => listOf(v).some((x) => String(x) === String(value));

/** Filters the row answers by itself (docs/product.md §2 ticket filters). */
const BY_ROW: Partial<Record<keyof TicketFilters, (row: TicketRow, v: unknown) => boolean>> = {
  state: (r, v) => has(v, r.state),
  priority: (r, v) => has(v, r.priority),
  origin: (r, v) => has(v, r.origin),
  responsible_id: (r, v) => has(v, r.responsible?.id ?? ''),
  project_id: (r, v) => has(v, r.project.id),
  tower_id: (r, v) => has(v, r.tower?.id ?? ''),
  unit_id: (r, v) => has(v, r.unit.id),
};
/** Filters on what a ticket never changes (its project, tower, unit and origin are set at creation). */
const FIXED = new Set<string>(['project_id', 'tower_id', 'unit_id', 'origin', 'tz']);

type Before = Pick<TicketRow, 'code' | 'subject'>;
type Membership = 'in' | 'out' | 'unknown';

/** A filter that holds no constraint (time zone, which date, all dates), or one on creation dates: no write moves a ticket through it. */
const readsNoChange = (key: string, value: unknown, filters: TicketFilters) =>
  FIXED.has(key) ||
  key === 'date_field' ||
  (key === 'date_preset' && value === 'all') ||
  (key.startsWith('date_') && filters.date_field !== 'updated');

/**
 * Whether the ticket belongs to the filtered set after the change. `before` is its copy when the
 * screen showed it (so it was in the set): filters on what did not change still hold.
 */
export function membership(filters: TicketFilters, before: Before | undefined, row: TicketRow): Membership {
  let unknown = false;
  for (const [key, value] of Object.entries(filters)) {
    if (listOf(value).length === 0) continue;
    const byRow = BY_ROW[key as keyof TicketFilters];
    if (byRow) {
      if (!byRow(row, value)) return 'out';
      continue;
    }
    const unconstrained = key === 'tz' || key === 'date_field' || (key === 'date_preset' && value === 'all');
    const sameText = key === 'search' && before?.code === row.code && before.subject === row.subject;
    if (unconstrained || ((readsNoChange(key, value, filters) || sameText) && before)) continue;
    unknown = true; // the clock filter, a date range on updates, a changed text, a filter not known here
  }
  return unknown ? 'unknown' : 'in';
}

/** Whether every filter of the set reads only what a ticket never changes: no write moves a ticket in or out. */
const fixedSet = (filters: TicketFilters) =>
  Object.entries(filters).every(([key, value]) => listOf(value).length === 0 || readsNoChange(key, value, filters));

/** The value a list sorts by (server: tickets/list.ts SORTS); the clock moves with time, so it never compares. */
const SORT_VALUE: Record<string, (r: TicketRow) => unknown> = {
  code: (r) => r.code,
  number: (r) => r.number,
  subject: (r) => r.subject,
  state: (r) => r.state,
  priority: (r) => r.priority,
  origin: (r) => r.origin,
  created_at: (r) => r.created_at,
  updated_at: (r) => r.updated_at,
  responsible: (r) => r.responsible?.full_name ?? null,
  unit: (r) => r.unit.number,
  project: (r) => r.project.name,
};
const sortKey = (sortBy: unknown) => (typeof sortBy === 'string' && sortBy ? sortBy : 'created_at');
const sortKeeps = (sortBy: unknown, before: TicketRow, after: TicketRow) => {
  const value = SORT_VALUE[sortKey(sortBy)];
  return value !== undefined && value(before) === value(after);
};
const FIXED_SORTS = new Set(['code', 'number', 'origin', 'created_at', 'unit', 'project']);

/** An event older than what the screen shows changes nothing. */
const older = (shown: string, row: TicketRow) => Date.parse(shown) > Date.parse(row.updated_at);

/** One page of the solicitudes list (tickets-api.ts ticketListQuery). */
export function applyToTicketPage(
  page: ListEnvelope<TicketRow>,
  args: { filters: TicketFilters; sortBy: unknown },
  e: LiveEvent,
  view: ScreenView,
): Outcome<ListEnvelope<TicketRow>> {
  const { row } = view;
  const at = page.data.findIndex((r) => r.id === row.id);
  if (at >= 0) {
    const before = page.data[at];
    if (older(before.updated_at, row)) return same;
    if (membership(args.filters, before, row) !== 'in' || !sortKeeps(args.sortBy, before, row)) return refetch;
    return { kind: 'set', data: { ...page, data: page.data.map((r, i) => (i === at ? row : r)) } };
  }
  if (e.type === 'ticket.created') return membership(args.filters, undefined, row) === 'out' ? same : refetch;
  // On another page or outside the set: this page only changes if the write can move tickets in, out or across.
  return fixedSet(args.filters) && FIXED_SORTS.has(sortKey(args.sortBy)) ? same : refetch;
}

type Lane = RequestsBoard['lanes'][number];
type Card = Lane['tickets'][number];
/** Cards per lane (server: dashboards/queries.ts requestsBoard, the twenty latest updated). */
export const BOARD_LANE_CARDS = 20;
const unresolved = (state: string) => (TICKET_UNRESOLVED_STATES as readonly string[]).includes(state);
const bump = <K extends string>(counts: Partial<Record<K, number>>, key: K, by: number) => {
  const n = (counts[key] ?? 0) + by;
  if (n > 0) counts[key] = n;
  else delete counts[key];
};
const sameCounts = (a: Partial<Record<string, number>>, b: Partial<Record<string, number>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);
const newestFirst = (a: Card, b: Card) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id;

/** The live board (dashboard/solicitudes): the card leaves its lane and, still open, enters its responsible's. */
export function applyToBoard(
  board: RequestsBoard,
  filters: TicketFilters,
  e: LiveEvent,
  view: ScreenView,
): Outcome<RequestsBoard> {
  const { row } = view;
  const fromLane = board.lanes.find((l) => l.tickets.some((c) => c.id === row.id));
  const card = fromLane?.tickets.find((c) => c.id === row.id);
  if (!fromLane || !card) {
    // Not shown: resolved, or below its lane's first cards. A resolved ticket that did not change state counts the same.
    return !unresolved(row.state) && e.from === null ? same : refetch;
  }
  if (older(card.updated_at, row)) return same;
  const inSet = membership(filters, card, row);
  if (inSet === 'unknown') return refetch;

  // Only the lanes the card leaves and enters are copied: the others keep their identity and do not render again.
  const lanes = [...board.lanes];
  const touched = new Set<Lane>();
  const copyOf = (lane: Lane) => {
    if (touched.has(lane)) return lane;
    const copy = { ...lane, by_state: { ...lane.by_state }, tickets: [...lane.tickets] };
    lanes[lanes.indexOf(lane)] = copy;
    touched.add(copy);
    return copy;
  };
  const byState = { ...board.by_state };
  const byPriority = { ...board.by_priority };
  const leave = copyOf(fromLane);
  bump(byState, card.state, -1);
  bump(byPriority, card.priority, -1);
  leave.open -= 1;
  leave.overdue -= Number(card.overdue);
  leave.by_state[card.state as keyof Lane['by_state']] -= 1;
  leave.tickets = leave.tickets.filter((c) => c.id !== row.id);

  if (inSet === 'in') {
    bump(byState, row.state, 1);
    if (unresolved(row.state)) {
      const found = lanes.find((l) => l.responsible.id === (row.responsible?.id ?? null));
      if (!found) return refetch; // a responsible without a lane yet: its name, colour and profile come with the board
      const enter = copyOf(found);
      bump(byPriority, row.priority, 1);
      enter.open += 1;
      enter.overdue += Number(view.overdue);
      enter.by_state[row.state as keyof Lane['by_state']] += 1;
      const moved: Card = { ...card, subject: row.subject, state: row.state, priority: row.priority };
      enter.tickets = [...enter.tickets, { ...moved, overdue: view.overdue, updated_at: row.updated_at }]
        .sort(newestFirst)
        .slice(0, BOARD_LANE_CARDS);
    }
  }
  // A lane shows its first cards of all it holds; one that lost a card while holding more must ask for the next.
  for (const l of touched) if (l.tickets.length < Math.min(BOARD_LANE_CARDS, l.open)) return refetch;
  const nextLanes = lanes.filter((l) => l.open > 0).sort((a, b) => b.open - a.open);
  const open = nextLanes.reduce((n, l) => n + l.open, 0);
  const overdue = nextLanes.reduce((n, l) => n + l.overdue, 0);
  // What did not change keeps its identity too (the charts read by_priority and response).
  const next: RequestsBoard = {
    by_state: sameCounts(board.by_state, byState) ? board.by_state : byState,
    by_priority: sameCounts(board.by_priority, byPriority) ? board.by_priority : byPriority,
    response:
      board.response.open === open && board.response.overdue === overdue
        ? board.response
        : { open, overdue, on_time: open - overdue },
    lanes: nextLanes,
  };
  return { kind: 'set', data: next };
}
