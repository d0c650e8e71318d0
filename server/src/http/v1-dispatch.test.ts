import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';
import { climbs } from '../app.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

// Each climbs the four levels of /api/v2/public/api to reach /health, written as a client could send it.
const up = (dots: string, slash = '/') => `${`${dots}${slash}`.repeat(4)}health`;
const ESCAPES = [
  up('%2e%2e'),
  up('%252e%252e'),
  up('%25252e%25252e'),
  up('.%252e'),
  up('%252e.'),
  up('%252E%252E'),
  up('..', '%5c'),
  up('%2e%2e', '%5c'),
  up('%252e%252e', '%255c'),
  up('..', '%255c'),
  up('..', '%25255c'),
];

describe('v1 dispatcher (docs/product.md §7 v1) stays inside the API', () => {
  it('still reaches the API with both v1 forms', async () => {
    const cookie = await ctx.login('admin');
    expect((await ctx.request('GET', '/api/v1/api.php?request=auth/usuario', { cookie })).status).toBe(200);
    expect((await ctx.request('GET', '/api/v1/index.php/auth/usuario', { cookie })).status).toBe(200);
    expect((await ctx.request('GET', '/api/v1/api.php?request=%2Fauth%2Fusuario', { cookie })).status).toBe(200);
  });

  it.each(ESCAPES)('refuses ?request=%s with 404', async (path) => {
    const res = await ctx.request('GET', `/api/v1/api.php?request=${path}`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'No encontrado', errors: [] });
  });

  // A single-encoded dot segment in the URL itself is resolved by URL parsing before any routing
  // (index.php/%2e%2e/… is simply another URL), so only the forms that survive it reach the dispatcher.
  it.each(ESCAPES.filter((p) => !p.startsWith('%2e%2e/')))('refuses index.php/%s with 404', async (path) => {
    const res = await ctx.request('GET', `/api/v1/index.php/${path}`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'No encontrado', errors: [] });
  });

  it('lets ordinary paths through, dots inside names and encoded characters included', () => {
    for (const ok of [
      'auth/usuario',
      'files/12/2030/01/acta..final.pdf',
      'postventa/solicitudes?search=a%2520b',
      'files/12/a%20b.pdf',
      '%E0%A4%A',
    ]) {
      expect(climbs(ok), ok).toBe(false);
    }
    for (const bad of ['..', 'a/./b', 'a/%2e/b', 'a%5cb', 'a%00b', '%25252525252e%25252525252e'])
      expect(climbs(bad), bad).toBe(true);
  });
});
