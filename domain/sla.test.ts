import { describe, expect, it } from 'vitest';
import { clockStatus, pausedMs, RESOLUTION_TARGET_HOURS, ticketClocks, ticketSla } from './sla.ts';

const hour = 3_600_000;
const now = new Date('2030-03-10T12:00:00Z');
const ago = (h: number) => new Date(now.getTime() - h * hour);
const ticket = (over: Partial<Parameters<typeof ticketClocks>[0]> = {}) => ({
  state: 'abierta' as const,
  priority: 'medium' as const,
  createdAt: ago(60),
  updatedAt: ago(1),
  firstResponseAt: null,
  resolvedAt: null,
  ...over,
});
const settings = { responseHours: 48, responsibleIsAgent: false, now };

describe('pausedMs (docs/product.md §4 Ticket clocks)', () => {
  it('counts overlapping pauses once and only inside the window', () => {
    const pauses = [
      { startedAt: ago(50), endedAt: ago(40) },
      { startedAt: ago(45), endedAt: ago(30) }, // overlaps the first: 50→30 is 20 h
      { startedAt: ago(10), endedAt: null }, // open: counts up to `until`
    ];
    expect(pausedMs(pauses, ago(60), now)).toBe(30 * hour);
    expect(pausedMs(pauses, ago(35), ago(5))).toBe(10 * hour);
  });
});

describe('clockStatus', () => {
  const base = { state: 'abierta' as const, targetHours: 48, stoppedAt: null, pausedNow: false, now };
  it('on time, due soon within 24 h, overdue past the target', () => {
    expect(clockStatus({ ...base, elapsedMs: 10 * hour }).status).toBe('on_time');
    expect(clockStatus({ ...base, elapsedMs: 30 * hour })).toMatchObject({
      status: 'due_soon',
      remaining_minutes: 18 * 60,
      due_at: new Date(now.getTime() + 18 * hour).toISOString(),
    });
    expect(clockStatus({ ...base, elapsedMs: 49 * hour })).toMatchObject({ status: 'overdue', remaining_minutes: -60 });
  });
  it('a paused clock has no deadline; a late one stays overdue while it waits on the owner', () => {
    expect(clockStatus({ ...base, elapsedMs: 30 * hour, pausedNow: true })).toMatchObject({
      status: 'paused',
      due_at: null,
      paused: true,
    });
    expect(clockStatus({ ...base, elapsedMs: 50 * hour, pausedNow: true }).status).toBe('overdue');
  });
  it('a postponed ticket is frozen, never overdue; a stopped clock was met or missed; agents are exempt', () => {
    expect(clockStatus({ ...base, state: 'postergada', elapsedMs: 50 * hour }).status).toBe('paused');
    expect(clockStatus({ ...base, elapsedMs: 47 * hour, stoppedAt: ago(1) }).status).toBe('met');
    expect(clockStatus({ ...base, elapsedMs: 49 * hour, stoppedAt: ago(1) }).status).toBe('missed');
    expect(clockStatus({ ...base, elapsedMs: 49 * hour, exempt: true })).toMatchObject({
      status: 'exempt',
      due_at: null,
    });
  });
});

describe('ticketClocks and ticketSla', () => {
  it('the paused time does not count: 60 h old with 20 h postponed is 40 h, not overdue', () => {
    const clocks = ticketClocks(ticket(), [{ startedAt: ago(50), endedAt: ago(30) }], settings);
    expect(clocks.response).toMatchObject({ elapsed_minutes: 40 * 60, status: 'due_soon' });
    expect(clocks.resolution).toMatchObject({ target_hours: RESOLUTION_TARGET_HOURS.medium, status: 'on_time' });
    expect(ticketSla('abierta', clocks)).toMatchObject({ clock: 'response', remaining_minutes: 8 * 60 });
  });
  it('after the first answer the resolution clock is shown; urgent tickets have 72 h', () => {
    const clocks = ticketClocks(ticket({ priority: 'urgent', firstResponseAt: ago(55) }), [], settings);
    expect(clocks.response).toMatchObject({ status: 'met', elapsed_minutes: 5 * 60 });
    expect(ticketSla('abierta', clocks)).toMatchObject({ clock: 'resolution', status: 'due_soon', target_hours: 72 });
  });
  it('an agent is exempt from the response clock only', () => {
    const clocks = ticketClocks(ticket({ createdAt: ago(100) }), [], { ...settings, responsibleIsAgent: true });
    expect(clocks.response.status).toBe('exempt');
    expect(ticketSla('abierta', clocks)).toMatchObject({ clock: 'resolution', status: 'on_time' });
  });
  it('resolved: both clocks stop at resolved_at and show the outcome; merged tickets have no clock', () => {
    const t = ticket({ state: 'resuelta', priority: 'urgent', createdAt: ago(100), resolvedAt: ago(20) });
    const clocks = ticketClocks(t, [], settings);
    expect(clocks.response).toMatchObject({ status: 'missed', stopped_at: ago(20).toISOString() });
    expect(ticketSla('resuelta', clocks)).toMatchObject({
      clock: 'resolution',
      status: 'missed',
      elapsed_minutes: 80 * 60,
    });
    expect(ticketSla('fusionada', clocks)).toBeNull();
  });
  it('waiting on the owner pauses both clocks from the open pause on', () => {
    const clocks = ticketClocks(ticket(), [{ startedAt: ago(20), endedAt: null }], settings);
    expect(clocks.response).toMatchObject({ status: 'paused', elapsed_minutes: 40 * 60, due_at: null });
    expect(clocks.resolution).toMatchObject({ status: 'paused', elapsed_minutes: 40 * 60 });
  });
});
