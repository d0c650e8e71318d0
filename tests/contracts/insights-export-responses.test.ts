import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { dataOf } from '#domain/responses';
import { dataExportSchema, type DataExport } from '#domain/insights-responses';
import { dataExports } from '../../server/src/db/schema/index.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';

/**
 * The company data export's answers (docs/api.md, Insights; server/src/modules/tiinsights/exports/routes.ts) against
 * domain/insights-responses.ts dataExportSchema: a new export, the list with a downloaded one and an expired one.
 * Each answer must parse, and parse to itself, so a field the server adds, drops or retypes fails here first.
 */
let ctx: TestContext;
let soporte: string;

beforeAll(async () => {
  ctx = await createTestContext();
  soporte = await ctx.login('soporte');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function expectAnswer(schema: z.ZodType, method: string, path: string) {
  const res = await ctx.request(method, path, { cookie: soporte });
  expect([200, 201], `${method} ${path}: ${res.text}`).toContain(res.status);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json as { data: unknown };
}

describe('data export answers match their response schemas', () => {
  it('a new export, then the list with it downloaded and another expired', async () => {
    const create = () =>
      expectAnswer(dataOf(dataExportSchema), 'POST', `tiinsights/empresas/${ctx.seed.otherCompanyId}/exportaciones`);
    const downloaded = (await create()).data as DataExport;
    expect(downloaded.url).not.toBeNull();
    const zip = await ctx.app.request(`/api/v2/public/api/${downloaded.url}`, { headers: { Cookie: soporte } });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    const expired = (await create()).data as DataExport;
    await ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, expired.id));

    const { data } = (await expectAnswer(dataOf(z.array(dataExportSchema)), 'GET', 'tiinsights/exportaciones')) as {
      data: DataExport[];
    };
    expect(data.map((e) => e.id).slice(0, 2)).toEqual([expired.id, downloaded.id]);
    expect(data[0].url).toBeNull();
    expect(data[1]).toMatchObject({ downloaded_at: expect.any(String), tables: expect.any(Number) });
    expect(data[1].bytes).toBeGreaterThan(0);
  });
});
