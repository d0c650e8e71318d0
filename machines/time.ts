/**
 * Instant comparisons shared by the machines' guards. Instants travel as ISO-8601 strings with an
 * offset (what the API and the database columns hold), so a snapshot's context stays JSON.
 */
const HOUR_MS = 3_600_000;

/** Milliseconds since the epoch, or NaN when the value is missing or not a date. */
export function toMillis(instant: string | null | undefined): number {
  return instant ? Date.parse(instant) : Number.NaN;
}

export function isValidInstant(instant: string | null | undefined): boolean {
  return Number.isFinite(toMillis(instant));
}

/** A start and an end that are both dates, the end after the start (docs/product.md §5: an order needs a schedule). */
export function isValidRange(startAt: string | null | undefined, endAt: string | null | undefined): boolean {
  const start = toMillis(startAt);
  const end = toMillis(endAt);
  return Number.isFinite(start) && Number.isFinite(end) && end > start;
}

/**
 * docs/product.md §4: owners confirm or reject "until a configured time before it starts". The limit is
 * inclusive: answering exactly at the deadline is still in time. Unknown dates never pass.
 */
export function isBeforeDeadline(now: string, startAt: string | null | undefined, hoursBefore: number): boolean {
  const nowMs = toMillis(now);
  const startMs = toMillis(startAt);
  if (!Number.isFinite(nowMs) || !Number.isFinite(startMs) || !(hoursBefore >= 0)) return false;
  return nowMs <= startMs - hoursBefore * HOUR_MS;
}

/** `now` is at or before `deadline` (inclusive), both valid dates. */
export function isAtOrBefore(now: string, deadline: string | null | undefined): boolean {
  const nowMs = toMillis(now);
  const deadlineMs = toMillis(deadline);
  return Number.isFinite(nowMs) && Number.isFinite(deadlineMs) && nowMs <= deadlineMs;
}

/** `now` is strictly after `deadline`, both valid dates. */
export function isAfter(now: string, deadline: string | null | undefined): boolean {
  const nowMs = toMillis(now);
  const deadlineMs = toMillis(deadline);
  return Number.isFinite(nowMs) && Number.isFinite(deadlineMs) && nowMs > deadlineMs;
}

/** docs/product.md §4 Owner confirmation: the last instant the owner may answer a visit starting at `startAt`. */
export function replyDeadline(startAt: string | null | undefined, hoursBefore: number): string | null {
  const startMs = toMillis(startAt);
  return Number.isFinite(startMs) && hoursBefore >= 0 ? new Date(startMs - hoursBefore * HOUR_MS).toISOString() : null;
}

/**
 * docs/product.md §4 Owner confirmation: a visit scheduled (at `now`) to start inside the owner's reply
 * window — its deadline already past — cannot be answered by the owner; staff record the confirmation.
 */
export function isInsideReplyWindow(now: string, startAt: string | null | undefined, hoursBefore: number): boolean {
  return (
    isValidInstant(now) && isValidInstant(startAt) && hoursBefore >= 0 && !isBeforeDeadline(now, startAt, hoursBefore)
  );
}
