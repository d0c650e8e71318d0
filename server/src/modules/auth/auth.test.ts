import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

describe('auth (docs/product.md §8 login messages)', () => {
  it('every demo role signs in and GET auth/usuario returns grupo with permisos', async () => {
    for (const username of [
      'admin',
      'supervisor',
      'agente',
      'inspector',
      'revisor',
      'ejecutivo',
      'gerente',
      'propietario',
      'otra',
    ]) {
      const cookie = await ctx.login(username);
      const res = await ctx.request('GET', 'auth/usuario', { cookie });
      expect(res.status).toBe(200);
      expect(res.json.data.username).toBe(username);
      expect(res.json.data.grupo).toHaveProperty('permisos');
    }
  });

  it('a wrong password answers the exact message, in Spanish and pt-BR', async () => {
    const res = await ctx.request('POST', 'auth/login', { body: { username: 'admin', password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Usuario y/o contraseña incorrecta', errors: [] });
    const pt = await ctx.request('POST', 'auth/login', {
      body: { username: 'nadie', password: 'x' },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(pt.json.message).toBe('Usuário e/ou senha incorretos');
  });

  it('sets an HttpOnly SameSite=Lax cookie with a fresh token each login', async () => {
    const a = await ctx.login('agente');
    const b = await ctx.login('agente');
    expect(a).not.toBe(b);
    expect(a.split('=')[1].length).toBeGreaterThanOrEqual(22);
    const res = await ctx.app.request('http://localhost/api/v2/public/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'x' },
      body: JSON.stringify({ username: 'agente', password: 'demo1234' }),
    });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('422 carries one message per field, translated by Accept-Language', async () => {
    const es = await ctx.request('POST', 'auth/login', { body: { username: '  ' } });
    expect(es.status).toBe(422);
    expect(es.json.fields).toEqual({ username: 'Este campo es obligatorio', password: 'Este campo es obligatorio' });
    const pt = await ctx.request('POST', 'auth/login', { body: {}, headers: { 'Accept-Language': 'pt-BR,pt;q=0.9' } });
    expect(pt.json.errors).toEqual(['Este campo é obrigatório', 'Este campo é obrigatório']);
  });

  it('refuses a state-changing request without X-Requested-With (403)', async () => {
    const res = await ctx.app.request('http://localhost/api/v2/public/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    expect(res.status).toBe(403);
  });

  it('malformed JSON is a 422, not a 500', async () => {
    const res = await ctx.app.request('http://localhost/api/v2/public/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'x' },
      body: '{"username":',
    });
    expect(res.status).toBe(422);
  });

  it('v1 dispatcher reaches the same routes', async () => {
    const cookie = await ctx.login('admin');
    const res = await ctx.request('GET', '/api/v1/api.php?request=auth/usuario', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.data.username).toBe('admin');
    const idx = await ctx.request('GET', '/api/v1/index.php/auth/usuario', { cookie });
    expect(idx.json.data.username).toBe('admin');
    const post = await ctx.request('POST', '/api/v1/api.php?request=auth/login', {
      body: { username: 'admin', password: 'demo1234' },
    });
    expect(post.status).toBe(200);
  });

  it('logout ends the session', async () => {
    const cookie = await ctx.login('revisor');
    expect((await ctx.request('POST', 'auth/logout', { cookie })).status).toBe(200);
    expect((await ctx.request('GET', 'auth/usuario', { cookie })).status).toBe(401);
  });

  it('GET auth/sesion answers 200 with null without a session and with the user with one, never cached', async () => {
    const none = await ctx.request('GET', 'auth/sesion');
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ data: null });
    expect(none.headers.get('cache-control')).toBe('no-store');
    const stale = await ctx.request('GET', 'auth/sesion', { cookie: 'qa_session=not-a-token' });
    expect(stale.json).toEqual({ data: null });
    const cookie = await ctx.login('agente');
    const mine = await ctx.request('GET', 'auth/sesion', { cookie });
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual((await ctx.request('GET', 'auth/usuario', { cookie })).json);
    await ctx.request('POST', 'auth/logout', { cookie });
    expect((await ctx.request('GET', 'auth/sesion', { cookie })).json).toEqual({ data: null });
  });
});
