import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dataOf } from '#domain/responses';
import { connectionViewSchema, syncLogSchema } from '#domain/integrations-responses';
import { procoreObservationLinkSchema, procoreProjectLinkSchema } from '#domain/procore-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';

/**
 * The response schemas of config/integraciones (domain/integrations*-responses.ts) against the real answers: each
 * must parse to itself, so the server cannot add, drop or retype a field the client reads.
 */
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function parses(path: string, schema: z.ZodType, cookie = admin) {
  const res = await ctx.request('GET', path, { cookie });
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  expect(schema.parse(res.json)).toEqual(res.json);
  return res.json;
}

describe('integrations response schemas against the real answers', () => {
  it('the index and one integration', async () => {
    await parses('configuracion/integraciones', dataOf(connectionViewSchema.array()));
    await parses('configuracion/integraciones/hubspot', dataOf(connectionViewSchema));
  });

  it('the log of a synced integration', async () => {
    await parses('configuracion/integraciones/procore/registro', dataOf(syncLogSchema));
  });

  it('Procore: the project mapping and the linked observations', async () => {
    await parses('configuracion/integraciones/procore/proyectos', dataOf(procoreProjectLinkSchema.array()));
    await parses('configuracion/integraciones/procore/observaciones', dataOf(procoreObservationLinkSchema.array()));
  });
});
