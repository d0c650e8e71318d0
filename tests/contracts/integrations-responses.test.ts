import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dataOf } from '#domain/responses';
import { apiAppRowSchema, apiCallPageSchema } from '#domain/api-apps-responses';
import { PUBLIC_OPERATIONS } from '#domain/public-api';
import {
  calendarFeedRowSchema,
  calendarFeedViewSchema,
  connectionViewSchema,
  moduleRequestViewSchema,
  syncLogSchema,
} from '#domain/integrations-responses';
import { procoreObservationLinkSchema, procoreProjectLinkSchema } from '#domain/procore-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { issueApp, publicGet, tokenOf } from '../../server/src/modules/integrations/test/api-app-kit.ts';

/**
 * The response schemas of config/integraciones (domain/integrations-responses.ts, domain/api-apps-responses.ts) and
 * of the public API v1 (domain/public-api.ts) against the real answers: each must parse to itself, so the server cannot add, drop or
 * retype a field that the screens, the OpenAPI document or an integrator read.
 */
let ctx: TestContext;
let admin: string;
let appId: number;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const app = await issueApp(ctx, admin);
  appId = app.id;
  token = await tokenOf(ctx, app);
}, 180_000);
afterAll(() => ctx?.close());

async function parses(path: string, schema: z.ZodType) {
  const res = await ctx.request('GET', path, { cookie: admin });
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  expect(schema.parse(res.json)).toEqual(res.json);
}

async function publicParses(operationId: string, path: string) {
  const res = await publicGet(ctx, path, token);
  expect(res.status, `GET ${path}: ${JSON.stringify(res.json)}`).toBe(200);
  const schema = PUBLIC_OPERATIONS.find((op) => op.id === operationId)!.response;
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

  it('API apps: list, detail and call log', async () => {
    await parses('configuracion/integraciones/apps', dataOf(apiAppRowSchema.array()));
    await parses(`configuracion/integraciones/apps/${appId}`, dataOf(apiAppRowSchema));
    await parses(`configuracion/integraciones/apps/${appId}/logs`, apiCallPageSchema);
  });

  it('public API v1: projects, tickets, a ticket and units', async () => {
    await publicParses('projects', '/projects');
    const tickets = await publicParses('tickets', '/tickets?rowsPerPage=100');
    expect(tickets.data.length).toBeGreaterThan(0);
    await publicParses('ticket', `/tickets/${tickets.data[0].id}`);
    await publicParses('units', '/units?rowsPerPage=100');
  });

  it('the requestable modules', async () => {
    await parses('configuracion/integraciones/modulos', dataOf(moduleRequestViewSchema.array()));
  });

  it("the calendar: one's own feed and the administrators' list", async () => {
    await parses('configuracion/integraciones/calendario/mi-feed', dataOf(calendarFeedViewSchema));
    await parses('configuracion/integraciones/calendario/feeds', dataOf(calendarFeedRowSchema.array()));
  });

  it('Procore: the project mapping and the linked observations', async () => {
    await parses('configuracion/integraciones/procore/proyectos', dataOf(procoreProjectLinkSchema.array()));
    await parses('configuracion/integraciones/procore/observaciones', dataOf(procoreObservationLinkSchema.array()));
  });
});
