import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { moduleStatus } from '../../db/schema/index.ts';
import { MODULES } from './service.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('revisor'); // any signed-in user may read the company configuration
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

describe('GET configuracion (docs/product.md §3 Config data: country, status per module; §7)', () => {
  it('answers the country, the company and the status of every module', async () => {
    const res = await ctx.request('GET', 'configuracion', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.data.country).toBe('CL');
    expect(res.json.data.company).toMatchObject({
      id: ctx.seed.companyId,
      name: 'Inmobiliaria Cordillera SpA',
      logo_url: null,
    });
    expect(Object.keys(res.json.data.modulos).sort()).toEqual([...MODULES].sort());
    expect(res.json.data.modulos).toMatchObject({
      entregas: 'activo',
      postventa: 'activo',
      billing: 'inactivo',
      integraciones: 'inactivo',
    });
  });

  it('needs a session', async () => {
    expect((await ctx.request('GET', 'configuracion')).status).toBe(401);
    expect((await ctx.request('GET', 'configuracion/estatus/postventa')).status).toBe(401);
  });
});

describe('GET configuracion/estatus/{modulo} (docs/product.md §4 modules: requested, in process or active)', () => {
  it('answers one module, with a translated label', async () => {
    const res = await ctx.request('GET', 'configuracion/estatus/postventa', { cookie });
    expect(res.json.data).toEqual({ modulo: 'postventa', status: 'activo', label: 'Activo', is_active: true });
    const billing = await ctx.request('GET', 'configuracion/estatus/billing', {
      cookie,
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(billing.json.data).toEqual({ modulo: 'billing', status: 'inactivo', label: 'Inativo', is_active: false });
  });

  it('follows the stored state, e.g. a requested activation', async () => {
    await ctx.db
      .update(moduleStatus)
      .set({ status: 'solicitado' })
      .where(and(eq(moduleStatus.companyId, ctx.seed.companyId), eq(moduleStatus.module, 'biblioteca')));
    const res = await ctx.request('GET', 'configuracion/estatus/biblioteca', { cookie });
    expect(res.json.data).toMatchObject({ status: 'solicitado', label: 'Solicitado', is_active: false });
    // The client's area name (docs/product.md §2 /cbox) answers for the module it opens.
    expect((await ctx.request('GET', 'configuracion/estatus/cbox', { cookie })).json.data.modulo).toBe('biblioteca');
  });

  it('an unknown module is 404', async () => {
    const res = await ctx.request('GET', 'configuracion/estatus/inexistente', { cookie });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('No encontrado');
    // Names of Object.prototype are not aliases either (a lookup on them answered 500).
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect((await ctx.request('GET', `configuracion/estatus/${name}`, { cookie })).status, name).toBe(404);
    }
  });
});
