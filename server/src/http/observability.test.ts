import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';
import { createApp } from '../app.ts';
import { createLogger } from '../lib/logger.ts';
import { createMailer } from '../mail/mailer.ts';
import type { AppDeps } from './context.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const API = 'http://localhost/api/v2/public/api';

describe('/health and /ready (docs/architecture.md §3 operations)', () => {
  it('/health answers while the process lives; /ready reports database and broker', async () => {
    const health = await ctx.app.request('http://localhost/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.request('http://localhost/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: true, broker: true });
  });

  it('/ready is 503 when the broker or the database is down', async () => {
    const noBroker = createApp({ ...ctx.deps, brokerReady: () => false });
    const a = await noBroker.request('http://localhost/ready');
    expect(a.status).toBe(503);
    expect(await a.json()).toEqual({ status: 'unavailable', database: true, broker: false });
    const noDb = createApp({
      ...ctx.deps,
      database: {
        ...ctx.deps.database,
        ping: async () => {
          throw new Error('connection refused');
        },
      },
    });
    const b = await noDb.request('http://localhost/ready');
    expect(b.status).toBe(503);
    expect(await b.json()).toMatchObject({ database: false });
  });
});

describe('structured logs (JSON lines, request id on every line, no secrets)', () => {
  const lines: string[] = [];
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    const log = createLogger('debug', { service: 'api' }, (line) => {
      lines.push(line);
    });
    // A mailer whose SMTP server refuses: its failure is logged from inside the mailer, not the route.
    const deps: AppDeps = { ...ctx.deps, log, mailer: createMailer(ctx.db, log, 'smtp://127.0.0.1:9') };
    app = createApp(deps);
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`${API}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'x', ...headers },
      body: JSON.stringify(body),
    });

  it('every line is JSON with a request id, the same one the response carries', async () => {
    lines.length = 0;
    const wrong = await post('auth/login', { username: 'admin', password: 'Clave-Secreta-Equivocada-77' });
    expect(wrong.status).toBe(401);
    const ok = await post('auth/login', { username: 'admin', password: 'demo1234' });
    const cookie = ok.headers.get('set-cookie')!.split(';')[0];
    const me = await app.request(`${API}/auth/usuario`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);

    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed.length).toBeGreaterThanOrEqual(4); // 3 access lines and the login line
    for (const entry of parsed) {
      expect(entry).toMatchObject({
        level: expect.any(String),
        msg: expect.any(String),
        time: expect.any(String),
        service: 'api',
      });
      expect(entry.requestId).toMatch(/^[\w.:-]{1,64}$/);
    }
    const ids = [wrong, ok, me].map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(parsed.some((e) => e.requestId === id && e.msg === 'request')).toBe(true);
    expect(parsed.find((e) => e.msg === 'login')).toMatchObject({ requestId: ids[1], userId: expect.any(Number) });

    const all = lines.join('\n');
    expect(all).not.toContain('Clave-Secreta-Equivocada-77');
    expect(all).not.toContain('demo1234');
    expect(all).not.toContain(cookie.split('=')[1]);
  });

  it('lines written by services (here the mailer) carry the request id too', async () => {
    lines.length = 0;
    const res = await post('auth/password/forgot', { username: 'gerente' }, { 'X-Request-Id': 'trace-42' });
    expect(res.status).toBe(200);
    await ctx.deps.background.idle(); // the mail is sent after the answer
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    const failed = lines.map((l) => JSON.parse(l)).find((e) => e.msg === 'smtp delivery failed');
    expect(failed).toMatchObject({ level: 'error', requestId: 'trace-42' });
    // The mail body holds the reset token: it must not be logged.
    expect(lines.join('\n')).not.toMatch(/token=/);
  });

  it('an untrusted X-Request-Id is replaced, and v1 dispatch keeps one id for both hops', async () => {
    lines.length = 0;
    const res = await app.request(`http://localhost/api/v1/api.php?request=auth/usuario`, {
      headers: { 'X-Request-Id': 'bad id {"level":"x"}' },
    });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(lines.map((l) => JSON.parse(l).requestId))).toEqual(new Set([id]));
  });
});
