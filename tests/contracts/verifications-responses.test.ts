import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf } from '#domain/responses';
import {
  followUpListSchema,
  followUpRowSchema,
  receptionDetailSchema,
  receptionItemSchema,
  receptionListSchema,
  templateSchema,
} from '#domain/verifications-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { signedReception, useTempStorage } from '../../server/src/modules/verifications/test/fixtures.ts';

/**
 * The Verifications answers (docs/api.md, Verificaciones) against domain/verifications-responses.ts, on the demo
 * templates and program (server/src/db/seed-verifications.ts) plus a reception taken here through its whole life:
 * each answer must parse, and parse to itself, so a field the server adds, drops or retypes fails here before the
 * client reads it wrong.
 */
let ctx: TestContext;
let cookie: string;
let cleanup: () => void;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  cookie = await ctx.login('admin');
  projectId = ctx.seed.projectIds[0];
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

async function expectAnswer(schema: z.ZodType, method: string, path: string, body?: unknown) {
  const res = await ctx.request(method, `verificaciones/${path}`, { cookie, body });
  expect([200, 201], `${method} ${path}: ${res.text}`).toContain(res.status);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json;
}

describe('Verifications answers match their response schemas', () => {
  it('templates, the program, a reception in every state and its follow-ups, as listed, read and written', async () => {
    const templates = await expectAnswer(dataOf(z.array(templateSchema)), 'GET', 'plantillas');
    expect(templates.data.length).toBeGreaterThan(0);
    const list = await expectAnswer(receptionListSchema, 'GET', `recepciones?project_id=${projectId}`);
    expect(list.data.length).toBeGreaterThan(0);
    // A programmed reception of the seed, then one signed with a failure: observed, with its follow-up.
    await expectAnswer(dataOf(receptionDetailSchema), 'GET', `recepciones/${list.data[0].id}`);
    const { id } = await signedReception(ctx, cookie, { projectId, code: `CT-${Date.now() % 100_000}`, fail: true });
    const observed = await expectAnswer(dataOf(receptionDetailSchema), 'GET', `recepciones/${id}`);
    expect(observed.data.state).toBe('observada');
    expect(observed.data.follow_ups).toHaveLength(1);
    const follow = await expectAnswer(followUpListSchema, 'GET', `seguimientos?project_id=${projectId}`);
    expect(follow.data.some((f: { reception_id: number }) => f.reception_id === id)).toBe(true);
    const closed = await expectAnswer(
      dataOf(followUpRowSchema),
      'POST',
      `seguimientos/${observed.data.follow_ups[0].id}/cerrar`,
      { note: 'Corregido', photo_paths: [] },
    );
    expect(closed.data.state).toBe('cerrado');
    const approved = await expectAnswer(dataOf(receptionDetailSchema), 'GET', `recepciones/${id}`);
    expect(approved.data.state).toBe('aprobada');
    // An answer to a checkpoint of a started reception.
    const fresh = await expectAnswer(dataOf(receptionDetailSchema), 'POST', 'recepciones', {
      project_id: projectId,
      code: `CT-B-${Date.now() % 100_000}`,
      name: 'Contrato',
      template_id: templates.data[0].id,
      planned_start: '2030-05-02',
      planned_end: '2030-05-03',
    });
    const started = await expectAnswer(
      dataOf(receptionDetailSchema),
      'POST',
      `recepciones/${fresh.data.id}/iniciar`,
      {},
    );
    await expectAnswer(
      dataOf(receptionItemSchema),
      'PUT',
      `recepciones/${fresh.data.id}/puntos/${started.data.items[0].id}`,
      {
        result: 'no_aplica',
      },
    );
  });
});
