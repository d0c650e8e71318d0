import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '#domain/limits';
import { createTestContext, type TestContext } from '../test-support.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;
const API = 'http://localhost/api/v2/public/api';

let ctx: TestContext;
let admin: string;
let ticketId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  ticketId = (await ctx.request('GET', 'postventa/solicitudes?rowsPerPage=1', { cookie: admin })).json.data[0].id;
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

/** A request with a body exactly as given (no JSON encoding, no content type unless passed). */
async function send(path: string, body: BodyInit | null, headers: Record<string, string> = {}, method = 'POST') {
  const res = await ctx.app.request(`${API}/${path}`, {
    method,
    body,
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...headers },
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, json: await res.json().catch(() => undefined) };
}
const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('JSON bodies (docs/api.md errors: malformed JSON is 422)', () => {
  it('a malformed body is 422 on every route that takes one, also on an action that ignores its body', async () => {
    for (const body of ['{bad', '{"username": "admin",}', '{"a":1} trailing', ' ']) {
      const login = await send('auth/login', body, JSON_TYPE);
      expect(login.status, body).toBe(422);
      expect(login.json).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido', errors: [] });
    }
    const before = (await ctx.request('GET', `postventa/solicitudes/${ticketId}`, { cookie: admin })).json.data.state;
    const action = await send(`postventa/solicitudes/${ticketId}/postergar`, '{', {
      ...JSON_TYPE,
      Cookie: admin,
      'Accept-Language': 'pt-BR',
    });
    expect(action).toEqual({
      status: 422,
      json: { message: 'O corpo da requisição não é um JSON válido', errors: [] },
    });
    expect((await ctx.request('GET', `postventa/solicitudes/${ticketId}`, { cookie: admin })).json.data.state).toBe(
      before,
    );
    expect((await send('auth/logout', '{', { ...JSON_TYPE })).status).toBe(422);
  });

  it('a JSON body that is not an object is 422', async () => {
    for (const body of ['null', '[]', '[{"username":"admin"}]', '"x"', '1', 'true']) {
      const res = await send('auth/login', body, JSON_TYPE);
      expect(res.status, body).toBe(422);
      expect(res.json.message, body).toBe('El cuerpo de la solicitud debe ser un objeto JSON');
      expect(
        (await send(`postventa/solicitudes/${ticketId}/iniciar`, body, { ...JSON_TYPE, Cookie: admin })).status,
        body,
      ).toBe(422);
    }
  });

  it('the body is read as JSON whatever the Content-Type says, and an empty body is an empty object', async () => {
    const credentials = JSON.stringify({ username: 'admin', password: 'demo1234' });
    expect((await send('auth/login', new TextEncoder().encode(credentials))).status).toBe(200); // no Content-Type at all
    expect((await send('auth/login', credentials, { 'Content-Type': 'text/plain' })).status).toBe(200);
    expect(
      (await send('auth/login', credentials, { 'Content-Type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(200);
    const form = new FormData();
    form.set('username', 'admin');
    expect((await send('auth/login', form)).status).toBe(422);
    const empty = await send('auth/login', null);
    expect(empty.status).toBe(422);
    expect(empty.json.fields).toEqual({ username: 'Este campo es obligatorio', password: 'Este campo es obligatorio' });
  });
});

describe('NUL characters (PostgreSQL text cannot hold U+0000)', () => {
  it("are a 422 on the field that carries them, in the caller's language, before any query runs", async () => {
    const login = await ctx.request('POST', 'auth/login', { body: { username: 'ad\u0000min', password: 'demo1234' } });
    expect(login.status).toBe(422);
    expect(login.json).toMatchObject({
      message: 'Los datos enviados no son válidos',
      fields: { username: 'Contiene caracteres no permitidos' },
    });
    const forgot = await ctx.request('POST', 'auth/password/forgot', {
      body: { username: '\u0000' },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(forgot.status).toBe(422);
    expect(forgot.json.fields).toEqual({ username: 'Contém caracteres não permitidos' });
    const reset = await ctx.request('POST', 'auth/password/reset', {
      body: { token: 'a\u0000', password: 'x\u0000yyyyyyyy', password_confirmation: 'x\u0000yyyyyyyy' },
    });
    expect(reset.status).toBe(422);
    expect(Object.keys(reset.json.fields)).toEqual(['token', 'password', 'password_confirmation']);
    const nested = await ctx.request('PUT', 'auth/usuario', {
      cookie: admin,
      body: { first_name: 'A', last_name: 'B', settings: { 'k\u0000': 1, list: ['ok', 'b\u0000d'] } },
    });
    expect(nested.status).toBe(422);
    expect(nested.json.fields).toEqual({
      settings: 'Contiene caracteres no permitidos',
      'settings.list.1': 'Contiene caracteres no permitidos',
    });
  });
});

describe('body size (docs/product.md §9 limits; docs/api.md 413)', () => {
  const big = (bytes: number) => JSON.stringify({ username: 'a'.repeat(bytes), password: 'x' });

  it("a JSON body over the limit is 413 in the caller's language, declared or streamed", async () => {
    const declared = await send('auth/login', big(30 * 1024 * 1024), { ...JSON_TYPE, 'Accept-Language': 'pt-BR' });
    expect(declared).toEqual({
      status: 413,
      json: { message: 'A requisição excede o tamanho máximo de 1 MB', errors: [] },
    });
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 30 * 1024 * 1024) controller.close();
        else {
          controller.enqueue(chunk);
          sent += chunk.length;
        }
      },
    });
    const streamed = await send(`postventa/solicitudes/${ticketId}/iniciar`, stream, { ...JSON_TYPE, Cookie: admin });
    expect(streamed).toEqual({
      status: 413,
      json: { message: 'La solicitud supera el tamaño máximo de 1 MB', errors: [] },
    });
    expect(sent).toBeLessThan(2 * JSON_BODY_MAX_BYTES); // reading stopped at the limit
  });

  it('a body just under the limit is read and validated as usual', async () => {
    const res = await send('auth/login', big(JSON_BODY_MAX_BYTES - 100), JSON_TYPE);
    expect(res.status).toBe(422);
    expect(res.json.fields.username).toBe('Debe tener como máximo 100 caracteres');
  });

  it('the catalogue import keeps its own larger limit for the workbook', async () => {
    const xlsx = {
      ...JSON_TYPE,
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      Cookie: admin,
    };
    const junk = await send('entregas/catalogo/importar', new Uint8Array(2 * 1024 * 1024), xlsx);
    expect(junk.status).toBe(422);
    expect((await send('entregas/catalogo/importar', new Uint8Array(6 * 1024 * 1024), xlsx)).status).toBe(413);
  });
});
