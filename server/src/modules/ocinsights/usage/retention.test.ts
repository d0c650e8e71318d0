import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_LIMITS } from '#domain/insights';
import { rowsOf } from '../../../db/client.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { clearUsage, userId } from '../test/fixtures.ts';
import { RETENTION_BATCH, retentionCutoff, sweepUsage } from './retention.ts';

/** The retention sweep (usage/retention.ts): only rows older than INSIGHTS_LIMITS.retentionDays go, in batches. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const remaining = async (table: string) =>
  rowsOf<{ day: string }>(
    await ctx.db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from ${sql.identifier(table)} order by day`),
  ).map((r) => r.day);

describe('usage retention', () => {
  it('deletes the counts and user days older than retentionDays, keeps the rest', async () => {
    await clearUsage(ctx);
    const now = new Date('2026-06-15T12:00:00Z');
    const cutoff = retentionCutoff(now);
    expect(cutoff).toBe(
      new Date(Date.UTC(2026, 5, 15) - INSIGHTS_LIMITS.retentionDays * 86_400_000).toISOString().slice(0, 10),
    );
    const user = await userId(ctx, 'admin');
    const company = ctx.seed.companyId;
    // More old user days than one batch deletes, one old count, and the cutoff day itself kept in both.
    await ctx.db.execute(sql`
      insert into usage_user_days (company_id, day, user_id, events)
      select ${company}::int, ${cutoff}::date - g, ${user}::int, 1 from generate_series(1, ${RETENTION_BATCH + 3}::int) g
      union all select ${company}::int, ${cutoff}::date, ${user}::int, 2
      union all select ${company}::int, '2026-06-15'::date, ${user}::int, 3`);
    await ctx.db.execute(sql`
      insert into usage_counts (company_id, day, user_id, project_id, module, kind, name, count)
      values (${company}, ${cutoff}::date - 1, ${user}, 0, 'home', 'screen', 'home.proyectos', 1),
             (${company}, ${cutoff}::date, ${user}, 0, 'home', 'screen', 'home.proyectos', 1)`);

    expect(await sweepUsage(ctx.deps, now)).toEqual({ usage_counts: 1, usage_user_days: RETENTION_BATCH + 3 });
    expect(await remaining('usage_user_days')).toEqual([cutoff, '2026-06-15']);
    expect(await remaining('usage_counts')).toEqual([cutoff]);
    expect(await sweepUsage(ctx.deps, now)).toEqual({ usage_counts: 0, usage_user_days: 0 });
  });

  it('is registered with the meter flush as periodic tasks', () => {
    const tasks = ctx.deps.registry.periodicTasks().filter((t) => t.name.startsWith('ocinsights.'));
    expect(tasks.map((t) => [t.name, t.intervalMs])).toEqual([
      ['ocinsights.usage_flush', INSIGHTS_LIMITS.flushMs],
      ['ocinsights.usage_retention', 6 * 3_600_000],
    ]);
  });
});
