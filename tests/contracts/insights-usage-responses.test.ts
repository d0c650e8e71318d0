import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf } from '#domain/responses';
import { healthLevel, INSIGHTS_LIMITS } from '#domain/insights';
import { activeUsersSchema, adoptionSchema, moduleUsageSchema, neverSignedInSchema } from '#domain/insights-responses';
import { requestStats } from '../../server/src/db/schema/index.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { flushUsage } from '../../server/src/modules/ocinsights/service.ts';

/**
 * The usage insights answers (docs/api.md, Insights) against domain/insights-responses.ts, on the demo's weeks of use
 * (server/src/db/seed-insights.ts) plus screens reported here: each answer must parse, and parse to itself, so a
 * field the server adds, drops or retypes fails here before the client reads it wrong.
 */
let ctx: TestContext;
let cookie: string;
let from: string;
let to: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  // The 30-day preset, a day of slack either side for the company's time zone.
  from = day(30);
  to = day(-1);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function expectAnswer(schema: z.ZodType, path: string) {
  const res = await ctx.request('GET', `ocinsights/uso/${path}`, { cookie });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json.data;
}

describe('usage insights answers match their response schemas', () => {
  it('active users, modules, adoption and never signed in, with and without a project', async () => {
    const report = await ctx.request('POST', 'ocinsights/uso/pantallas', {
      cookie,
      body: {
        screens: [
          { route: 'ocinsights.usabilidad' },
          { route: 'warranties.solicitudes', project_id: ctx.seed.projectIds[0] },
        ],
      },
    });
    expect(report.status, report.text).toBe(204);
    await flushUsage(ctx.deps);
    const range = `from=${from}&to=${to}`;
    const project = `&project_id=${ctx.seed.projectIds[0]}`;
    for (const query of [range, range + project]) {
      const active = await expectAnswer(dataOf(activeUsersSchema), `activos?${query}`);
      expect(active.users).toBeGreaterThan(0);
      const modules = await expectAnswer(dataOf(moduleUsageSchema), `modulos?${query}`);
      expect(modules.top.length).toBeGreaterThan(0);
      expect(modules.top.length).toBeLessThanOrEqual(20);
      const adoption = await expectAnswer(dataOf(adoptionSchema), `adopcion?${query}`);
      expect(adoption.projects.length).toBeGreaterThan(0);
    }
    const never = await expectAnswer(dataOf(neverSignedInSchema), 'sin-ingreso');
    expect(never.map((u: { username: string }) => u.username).sort()).toEqual(['ejecutivo', 'revisor']);
  });

  it('the seed gives most staff weeks of use, and the other company a health that needs attention', async () => {
    const active = await expectAnswer(dataOf(activeUsersSchema), `activos?from=${from}&to=${to}`);
    expect(active.users).toBeGreaterThanOrEqual(5);
    expect(active.daily.filter((d: { users: number }) => d.users > 0).length).toBeGreaterThan(20);
    const since = new Date(Date.now() - INSIGHTS_LIMITS.healthHours * 3_600_000);
    const [other] = await ctx.db
      .select({
        requests: sql<number>`sum(${requestStats.requests})::int`,
        errors: sql<number>`sum(${requestStats.serverErrors})::int`,
        slow: sql<number>`sum(${requestStats.slow})::int`,
      })
      .from(requestStats)
      .where(and(eq(requestStats.companyId, ctx.seed.otherCompanyId), gte(requestStats.hour, since)));
    const signals = { outbox_lag_seconds: 0, webhook_failures: 0 };
    const rate = { error_rate: other.errors / other.requests, slow_rate: other.slow / other.requests };
    expect(healthLevel({ ...signals, ...rate })).toBe('atencion');
  });
});
