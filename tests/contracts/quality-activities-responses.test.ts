import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf } from '#domain/responses';
import { activityHistoryEntrySchema, activityListSchema } from '#domain/quality-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';

/**
 * The construction-progress GET answers (docs/api.md, Quality: calidad/actividades and …/historial) against
 * domain/quality-responses.ts, on the demo schedule (server/src/db/seed-quality.ts) plus an edit made here: each
 * answer must parse, and parse to itself, so a field the server adds, drops or retypes fails here first.
 */
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
}, 400_000);
afterAll(async () => ctx?.close());

async function expectShape(schema: z.ZodType, path: string) {
  const res = await ctx.request('GET', path, { cookie });
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json;
}

describe('quality activity answers match their domain schemas', () => {
  it('the list, filtered and not, and an activity’s history', async () => {
    const projectId = ctx.seed.projectIds[0];
    const list = await expectShape(activityListSchema, `calidad/actividades?project_id=${projectId}`);
    await expectShape(activityListSchema, `calidad/actividades?project_id=${projectId}&q=piso`);
    const id = list.data[2].id as number;
    const edit = await ctx.request('PATCH', `calidad/actividades/${id}`, { cookie, body: { progress: 50 } });
    expect(edit.status).toBe(200);
    const history = await expectShape(
      dataOf(z.array(activityHistoryEntrySchema)),
      `calidad/actividades/${id}/historial`,
    );
    expect(history.data.length).toBeGreaterThan(0);
  });
});
