import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { asc, inArray } from 'drizzle-orm';
import { INSIGHTS_LIMITS } from '#domain/insights';
import type { AppDeps, AppEnv } from '../../../http/context.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { requestStats } from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/errors.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { REQUEST_STATS_RETENTION_DAYS, flushRequestStats, pruneRequestStats, requestMeter } from './meter.ts';

/**
 * server/src/modules/tiinsights/meter/meter.ts on a small app of its own: requestMeter counts each signed-in answer
 * per company and hour (5xx apart from 4xx, slow from INSIGHTS_LIMITS.slowRequestMs), flushRequestStats adds the
 * counts to request_stats (an upsert that accumulates) and pruneRequestStats deletes old hours. The clock and the
 * request timer are stubbed so every number is exact.
 */
let ctx: TestContext;
let deps: AppDeps;
let companyA: number;
let companyB: number;
const HOUR = 3_600_000;
const hourStart = Date.UTC(2026, 11, 4, 15);

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = ctx.seed.companyId;
  companyB = ctx.seed.otherCompanyId;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  // A deps of its own: the meter keeps its pending counts per deps, apart from the test app's.
  deps = { database: ctx.deps.database } as unknown as AppDeps;
  await ctx.db.delete(requestStats).where(inArray(requestStats.companyId, [companyA, companyB]));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const userOf = (companyId: number) => ({ id: 1, companyId }) as unknown as SessionUser;

/** An app that signs in as `companyId` (none: anonymous) and answers as the path says. */
function meteredApp(companyId: number | undefined) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', deps);
      c.set('user', companyId === undefined ? undefined : userOf(companyId));
      await next();
    })
    .use(requestMeter)
    .get('/ok', (c) => c.json({ data: 1 }))
    .get('/missing', (c) => c.json({ error: 'x' }, 404))
    .get('/conflict', () => {
      throw new ApiError(409, 'errors.conflict');
    })
    .get('/boom', () => {
      throw new Error('boom');
    })
    .onError((error, c) => c.json({ error: 'x' }, error instanceof ApiError ? (error.status as 409) : 500));
}

/** Answers `path` as if it took `ms`, at `at` (epoch ms). */
async function call(companyId: number | undefined, path: string, ms: number, at: number) {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(at);
  let tick = 0;
  const timer = vi.spyOn(performance, 'now').mockImplementation(() => (tick++ === 0 ? 1_000 : 1_000 + ms));
  const res = await meteredApp(companyId).request(path);
  clock.mockRestore();
  timer.mockRestore();
  return res.status;
}

const statsRows = () =>
  ctx.db
    .select()
    .from(requestStats)
    .where(inArray(requestStats.companyId, [companyA, companyB]))
    .orderBy(asc(requestStats.companyId), asc(requestStats.hour));

describe('requestMeter and flushRequestStats', () => {
  it('counts per company and hour: 5xx apart from 4xx, slow from the threshold, total and max time', async () => {
    const slow = INSIGHTS_LIMITS.slowRequestMs;
    expect(await call(companyA, '/ok', 100, hourStart + 10)).toBe(200);
    expect(await call(companyA, '/missing', 50, hourStart + 20)).toBe(404);
    expect(await call(companyA, '/conflict', 30, hourStart + 30)).toBe(409);
    expect(await call(companyA, '/boom', slow, hourStart + 40)).toBe(500);
    expect(await call(companyA, '/ok', slow - 1, hourStart + HOUR - 1)).toBe(200);
    // The next hour, another company, and an anonymous call (not counted).
    expect(await call(companyA, '/ok', 2_000, hourStart + HOUR)).toBe(200);
    expect(await call(companyB, '/boom', 5, hourStart + 5)).toBe(500);
    expect(await call(undefined, '/ok', 5, hourStart + 5)).toBe(200);

    expect(await flushRequestStats(deps)).toEqual({ rows: 3 });
    const rows = await statsRows();
    expect(rows.map(({ companyId, hour, ...counts }) => ({ companyId, hour: hour.getTime(), ...counts }))).toEqual([
      {
        companyId: companyA,
        hour: hourStart,
        requests: 5,
        serverErrors: 1,
        clientErrors: 2,
        slow: 1,
        totalMs: 100 + 50 + 30 + slow + slow - 1,
        maxMs: slow,
      },
      {
        companyId: companyA,
        hour: hourStart + HOUR,
        requests: 1,
        serverErrors: 0,
        clientErrors: 0,
        slow: 1,
        totalMs: 2_000,
        maxMs: 2_000,
      },
      {
        companyId: companyB,
        hour: hourStart,
        requests: 1,
        serverErrors: 1,
        clientErrors: 0,
        slow: 0,
        totalMs: 5,
        maxMs: 5,
      },
    ]);
    // Nothing pending: a second flush writes nothing.
    expect(await flushRequestStats(deps)).toEqual({ rows: 0 });
  });

  it('a later flush adds to the hour already written (upsert) and keeps the larger maximum', async () => {
    await call(companyA, '/ok', 300, hourStart + 1);
    await call(companyA, '/boom', 40, hourStart + 2);
    expect(await flushRequestStats(deps)).toEqual({ rows: 1 });
    await call(companyA, '/missing', 200, hourStart + 3);
    await call(companyA, '/ok', 1_500, hourStart + 4);
    await call(companyA, '/ok', 10, hourStart + 5);
    expect(await flushRequestStats(deps)).toEqual({ rows: 1 });
    const [row, ...others] = await statsRows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      companyId: companyA,
      requests: 5,
      serverErrors: 1,
      clientErrors: 1,
      slow: 1,
      totalMs: 300 + 40 + 200 + 1_500 + 10,
      maxMs: 1_500,
    });
    expect(row.hour.getTime()).toBe(hourStart);
  });
});

describe('pruneRequestStats', () => {
  it(`deletes the hours older than ${REQUEST_STATS_RETENTION_DAYS} days and keeps the rest`, async () => {
    const now = new Date(hourStart);
    const daysAgo = (days: number) => new Date(hourStart - days * 86_400_000);
    const row = (companyId: number, hour: Date) => ({
      companyId,
      hour,
      requests: 1,
      serverErrors: 0,
      clientErrors: 0,
      slow: 0,
      totalMs: 1,
      maxMs: 1,
    });
    await ctx.db
      .insert(requestStats)
      .values([
        row(companyA, daysAgo(REQUEST_STATS_RETENTION_DAYS + 1)),
        row(companyB, daysAgo(REQUEST_STATS_RETENTION_DAYS + 0.5)),
        row(companyA, daysAgo(REQUEST_STATS_RETENTION_DAYS)),
        row(companyA, daysAgo(1)),
      ]);
    const { deleted } = await pruneRequestStats(deps, now);
    expect(deleted).toBe(2);
    const left = await statsRows();
    expect(left.map((r) => [r.companyId, r.hour.getTime()])).toEqual([
      [companyA, daysAgo(REQUEST_STATS_RETENTION_DAYS).getTime()],
      [companyA, daysAgo(1).getTime()],
    ]);
  });
});
