import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import { createTestContext, type TestContext } from '../test-support.ts';
import type { AppEnv } from '../http/context.ts';
import { errorHandler, requestContext, sessionLoader } from '../http/middleware.ts';
import { moduleGuard, requirePermission } from './guard.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
let app: Hono<AppEnv>;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  // A tiny router per module, guarded exactly the way module routers are (docs/product.md#route-permissions).
  app = new Hono<AppEnv>();
  app.onError(errorHandler);
  app.use(requestContext(ctx.deps));
  app.use(sessionLoader);
  for (const module of [
    ...(Object.keys(MODULE_PERMISSIONS) as (keyof typeof MODULE_PERMISSIONS)[]),
    'home',
    'config',
  ] as const) {
    app.route(
      `/${module}`,
      new Hono<AppEnv>().use(moduleGuard(module)).get('/ping', (c) => c.json({ module })),
    );
  }
  app.route(
    '/cerrar',
    new Hono<AppEnv>().use(requirePermission('postventa_cerrar')).get('/ping', (c) => c.json({ ok: true })),
  );
  for (const username of ['admin', 'agente', 'ejecutivo', 'revisor', 'gerente', 'inspector', 'soporte', 'propietario'])
    cookies[username] = await ctx.login(username);
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const ping = async (path: string, username?: string, lang?: string) => {
  const headers: Record<string, string> = {};
  if (username) headers.Cookie = cookies[username];
  if (lang) headers['Accept-Language'] = lang;
  const res = await app.request(`http://localhost${path}/ping`, { headers });
  return { status: res.status, json: await res.json() };
};

describe('moduleGuard (docs/product.md §2 route permissions, §6 expressions)', () => {
  it('without a session every module answers 401', async () => {
    for (const module of Object.keys(MODULE_PERMISSIONS)) expect((await ping(`/${module}`)).status).toBe(401);
    expect((await ping('/home')).status).toBe(401);
  });

  it("the company's administrator passes every module but the provider's internal insights", async () => {
    for (const module of Object.keys(MODULE_PERMISSIONS).filter((m) => m !== 'tiinsights')) {
      const res = await ping(`/${module}`, 'admin');
      expect(res.status, module).toBe(200);
      expect(res.json).toEqual({ module });
    }
  });

  it("warranties accepts 'modulo_entregas|modulo_postventa': either flag is enough", async () => {
    expect((await ping('/warranties', 'agente')).status).toBe(200); // postventa and entregas
    expect((await ping('/warranties', 'ejecutivo')).status).toBe(200); // entregas only
    const denied = await ping('/warranties', 'revisor'); // neither
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe('Sin permisos para realizar esta acción');
    expect((await ping('/warranties', 'revisor', 'pt-BR')).json.message).toBe('Sem permissão para realizar esta ação');
  });

  it('each role reaches exactly the modules its profile lists', async () => {
    const expectations: Record<string, string[]> = {
      revisor: ['quality', 'verifications', 'cbox'],
      inspector: ['quality', 'verifications', 'concrete', 'warranties'],
      gerente: ['quality', 'warranties', 'cbox', 'cmanagement', 'billing'],
    };
    for (const [username, allowed] of Object.entries(expectations)) {
      for (const module of Object.keys(MODULE_PERMISSIONS)) {
        expect((await ping(`/${module}`, username)).status, `${username} ${module}`).toBe(
          allowed.includes(module) ? 200 : 403,
        );
      }
    }
  });

  it("tiinsights needs 'ryr|dbdump'; home and config only need a session; owners reach no staff module", async () => {
    expect((await ping('/tiinsights', 'soporte')).status).toBe(200);
    expect((await ping('/tiinsights', 'admin')).status).toBe(403);
    expect((await ping('/tiinsights', 'gerente')).status).toBe(403);
    expect((await ping('/home', 'revisor')).status).toBe(200);
    expect((await ping('/config', 'revisor')).status).toBe(200);
    for (const module of Object.keys(MODULE_PERMISSIONS))
      expect((await ping(`/${module}`, 'propietario')).status).toBe(403);
  });

  it('requirePermission checks a single action flag the same way', async () => {
    expect((await ping('/cerrar', 'admin')).status).toBe(200);
    expect((await ping('/cerrar', 'agente')).status).toBe(403);
  });
});
