import { SLA_FILTERS, type TicketPriority, type TicketState } from './schemas/after-sales.ts';
import { TICKET_DONE_STATES, TICKET_WORKING_STATES } from './tickets.ts';

/**
 * The two clocks of every after-sales ticket (docs/product.md §4 Ticket clocks): the response clock runs until
 * the staff's first public answer, the resolution clock until the ticket is resolved; both stop counting while
 * the ticket is postponed or waiting on the owner. The server's SQL (tickets/sla-sql.ts) measures the elapsed
 * time for the list's sort and filters; what the time means (target, status) is decided here, once.
 */

/** The response time when the project has none configured (project_settings.response_time_hours). */
export const DEFAULT_RESPONSE_TIME_HOURS = 48;
/** Resolution targets by priority: no project setting exists for it (docs/product.md §4 Ticket clocks). */
export const RESOLUTION_TARGET_HOURS = {
  urgent: 72,
  high: 7 * 24,
  medium: 15 * 24,
  low: 30 * 24,
} as const satisfies Record<TicketPriority, number>;
/** A running clock with at most this long left is "por vencer". */
export const SLA_DUE_SOON_HOURS = 24;

/** The list filter of docs/product.md §2 solicitudes: due within 24 h, or overdue. */
export { SLA_FILTERS };
export type SlaFilter = (typeof SLA_FILTERS)[number];
export const SLA_CLOCKS = ['response', 'resolution'] as const;
export type SlaClockName = (typeof SLA_CLOCKS)[number];
export const SLA_STATUSES = ['on_time', 'due_soon', 'overdue', 'paused', 'met', 'missed', 'exempt'] as const;
export type SlaStatus = (typeof SLA_STATUSES)[number];
/** A clock still counting (or only paused): its ticket may still fall due. */
const ACTIVE: readonly SlaStatus[] = ['on_time', 'due_soon', 'overdue', 'paused'];

export type Pause = { startedAt: Date; endedAt: Date | null };

/** Milliseconds of `pauses` inside [since, until]; overlapping pauses (postponed and waiting on the owner) count once. */
export function pausedMs(pauses: readonly Pause[], since: Date, until: Date): number {
  const spans = pauses
    .map((p) => [
      Math.max(p.startedAt.getTime(), since.getTime()),
      Math.min((p.endedAt ?? until).getTime(), until.getTime()),
    ])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

export type SlaClock = {
  target_hours: number;
  elapsed_minutes: number;
  /** Target minus elapsed; negative once late. Frozen while paused or stopped. */
  remaining_minutes: number;
  /** When it falls due if nothing pauses it again; null when stopped, paused or exempt. */
  due_at: string | null;
  paused: boolean;
  stopped_at: string | null;
  status: SlaStatus;
};

type ClockInput = {
  state: TicketState;
  targetHours: number;
  /** Time counted: from creation to the stop (or now), paused intervals excluded. */
  elapsedMs: number;
  stoppedAt: Date | null;
  /** A pause is open now (postponed, or a visit awaits the owner's answer). */
  pausedNow: boolean;
  exempt?: boolean;
  now: Date;
};

/**
 * The status of one clock. A stopped clock was met or missed. A postponed ticket is frozen (never overdue,
 * as docs/product.md §6 Dashboards counts it). Otherwise a clock past its target is overdue even while it waits
 * on the owner (the wait stops the count, not the lateness); a paused one is paused; one with 24 h or less left
 * is due soon.
 */
export function clockStatus(c: ClockInput): SlaClock {
  const limitMs = c.targetHours * 3_600_000;
  const remainingMs = limitMs - c.elapsedMs;
  const working = (TICKET_WORKING_STATES as readonly string[]).includes(c.state);
  const stopped = c.stoppedAt !== null;
  const status: SlaStatus = c.exempt
    ? 'exempt'
    : stopped
      ? remainingMs >= 0
        ? 'met'
        : 'missed'
      : !working
        ? 'paused'
        : remainingMs < 0
          ? 'overdue'
          : c.pausedNow
            ? 'paused'
            : remainingMs <= SLA_DUE_SOON_HOURS * 3_600_000
              ? 'due_soon'
              : 'on_time';
  const counting = !c.exempt && !stopped && working && !c.pausedNow;
  return {
    target_hours: c.targetHours,
    elapsed_minutes: Math.max(0, Math.round(c.elapsedMs / 60_000)),
    remaining_minutes: Math.round(remainingMs / 60_000),
    due_at: counting ? new Date(c.now.getTime() + remainingMs).toISOString() : null,
    paused: !stopped && (c.pausedNow || !working),
    stopped_at: c.stoppedAt?.toISOString() ?? null,
    status,
  };
}

/** What stops each clock: the first public staff answer (or the resolution, when none came), and the resolution. */
export function clockStops(t: {
  state: TicketState;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  updatedAt: Date;
}) {
  const done = (TICKET_DONE_STATES as readonly string[]).includes(t.state);
  // A done ticket always has resolved_at (tickets/commands.ts stamps it); the last update stands in for old rows.
  const resolvedAt = done ? (t.resolvedAt ?? t.updatedAt) : null;
  return { response: t.firstResponseAt ?? resolvedAt, resolution: resolvedAt };
}

export type TicketClocks = { response: SlaClock; resolution: SlaClock };
type ClockTicket = {
  state: TicketState;
  priority: TicketPriority;
  createdAt: Date;
  updatedAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
};
type ClockSettings = { responseHours: number; responsibleIsAgent: boolean; now?: Date };

/**
 * Both clocks of a ticket from the time each counted (paused intervals already excluded, as the list's SQL
 * measures it). `responseHours` is the project's response time; an agent responsible is exempt from it
 * (docs/product.md §6 Agents), never from the resolution target.
 */
export function clocksOf(
  t: ClockTicket,
  measured: { responseElapsedMs: number; resolutionElapsedMs: number; pausedNow: boolean },
  opts: ClockSettings,
): TicketClocks {
  const now = opts.now ?? new Date();
  const stops = clockStops(t);
  const base = { state: t.state, pausedNow: measured.pausedNow, now };
  return {
    response: clockStatus({
      ...base,
      targetHours: opts.responseHours,
      elapsedMs: measured.responseElapsedMs,
      stoppedAt: stops.response,
      exempt: opts.responsibleIsAgent,
    }),
    resolution: clockStatus({
      ...base,
      targetHours: RESOLUTION_TARGET_HOURS[t.priority],
      elapsedMs: measured.resolutionElapsedMs,
      stoppedAt: stops.resolution,
    }),
  };
}

/** Both clocks from the ticket's pauses (the detail page). */
export function ticketClocks(t: ClockTicket, pauses: readonly Pause[], opts: ClockSettings): TicketClocks {
  const now = opts.now ?? new Date();
  const stops = clockStops(t);
  const elapsed = (until: Date) => until.getTime() - t.createdAt.getTime() - pausedMs(pauses, t.createdAt, until);
  return clocksOf(
    t,
    {
      responseElapsedMs: elapsed(stops.response ?? now),
      resolutionElapsedMs: elapsed(stops.resolution ?? now),
      pausedNow: pauses.some((p) => p.endedAt === null && p.startedAt <= now),
    },
    { ...opts, now },
  );
}

export type TicketSla = SlaClock & { clock: SlaClockName };

/**
 * The one clock a list row and the header badge show: of the clocks still counting (or paused), the one with the
 * least time left; when both stopped, the resolution's outcome. A merged ticket has none.
 */
export function ticketSla(state: TicketState, clocks: TicketClocks): TicketSla | null {
  if (state === 'fusionada') return null;
  const active = SLA_CLOCKS.filter((name) => ACTIVE.includes(clocks[name].status));
  if (!active.length) return { clock: 'resolution', ...clocks.resolution };
  const name = active.reduce((a, b) => (clocks[b].remaining_minutes < clocks[a].remaining_minutes ? b : a));
  return { clock: name, ...clocks[name] };
}
