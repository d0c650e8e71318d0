import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf } from '#domain/responses';
import {
  companyHealthDetailSchema,
  companyHealthSchema,
  type CompanyHealth,
  type CompanyHealthDetail,
} from '#domain/insights-responses';
import { outbox, webhookApplications, webhookDeliveries, webhookHooks } from '../../server/src/db/schema/index.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';

/**
 * The internal insights' health answers (GET tiinsights/empresas and empresas/{companyId}) against
 * domain/insights-responses.ts, on the demo's hourly request statistics (server/src/db/seed-insights.ts) plus an
 * outbox event waiting and a failed webhook delivery written here: each answer must parse, and parse to itself, so
 * a field the server adds, drops or retypes fails here before the client reads it wrong.
 */
let ctx: TestContext;
let soporte: string;

beforeAll(async () => {
  ctx = await createTestContext();
  soporte = await ctx.login('soporte');
  const companyId = ctx.seed.otherCompanyId;
  await ctx.db.insert(outbox).values({
    companyId,
    topic: `company:${companyId}`,
    type: 'ticket.created',
    payload: {},
    createdAt: new Date(Date.now() - 45_000),
  });
  const [app] = await ctx.db
    .insert(webhookApplications)
    .values({ companyId, name: 'ERP', secretSealed: 'sealed', secretHint: 'abcd' })
    .returning();
  const [hook] = await ctx.db
    .insert(webhookHooks)
    .values({ companyId, applicationId: app.id, event: 'ticket.created', url: 'https://erp.example/hooks' })
    .returning();
  await ctx.db.insert(webhookDeliveries).values({
    companyId,
    applicationId: app.id,
    hookId: hook.id,
    event: 'ticket.created',
    messageId: 'msg_contract',
    payload: {},
    attempts: 5,
    maxAttempts: 5,
    status: 'fallido',
  });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function expectAnswer(schema: z.ZodType, path: string) {
  const res = await ctx.request('GET', path, { cookie: soporte });
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json;
}

describe('Internal insights health answers match their response schemas', () => {
  it('every company’s health', async () => {
    const { data } = (await expectAnswer(dataOf(z.array(companyHealthSchema)), 'tiinsights/empresas')) as {
      data: CompanyHealth[];
    };
    expect(data.map((h) => h.company.id).sort()).toEqual([ctx.seed.companyId, ctx.seed.otherCompanyId].sort());
    expect(data.every((h) => h.requests > 0)).toBe(true);
  });

  it('one company’s health by hour with its failed webhook deliveries', async () => {
    for (const id of [ctx.seed.companyId, ctx.seed.otherCompanyId]) {
      const { data } = (await expectAnswer(dataOf(companyHealthDetailSchema), `tiinsights/empresas/${id}`)) as {
        data: CompanyHealthDetail;
      };
      expect(data.health.company.id).toBe(id);
      expect(data.hours.some((h) => h.requests > 0)).toBe(true);
    }
    const { data } = (await expectAnswer(
      dataOf(companyHealthDetailSchema),
      `tiinsights/empresas/${ctx.seed.otherCompanyId}`,
    )) as { data: CompanyHealthDetail };
    expect(data.webhook_failures).toHaveLength(1);
    expect(data.health.outbox_pending).toBeGreaterThanOrEqual(1);
    expect(data.health.webhook_failures).toBe(1);
  });
});
