import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import type { ClientToServerEvents, ServerToClientEvents } from '#domain/realtime';
import { startStandaloneGateway } from '#realtime/standalone';
import { createRealtimeTestContext, type RealtimeTestContext } from './test-support.ts';
import { users } from '../server/src/db/schema/index.ts';
import { settingsOf } from '../server/src/events/realtime-settings.ts';

/**
 * The gateway's handshake Origin check and the end of a session's sockets (docs/decisions.md,
 * Hardening), in both shapes: the in-process gateway of `npm start`, and the gateway alone
 * (`npm run start:realtime`), which asks the API over HTTP and hears of ended sessions by MQTT.
 */
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const SITE = 'https://www.inmobiliaria-cordillera.cl';
let ctx: RealtimeTestContext;
let standalone: Awaited<ReturnType<typeof startStandaloneGateway>>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  ctx = await createRealtimeTestContext();
  const admin = await ctx.login('admin');
  const saved = await ctx.request('PUT', `entregas/proyectos/${ctx.seed.projectIds[0]}/configuracion/iframe`, {
    cookie: admin,
    body: { enabled: true, allowed_origins: [SITE] },
  });
  expect(saved.status).toBe(200);
  standalone = await startStandaloneGateway({
    port: 0,
    host: '127.0.0.1',
    apiUrl: ctx.baseUrl,
    publicUrl: ctx.deps.config.publicUrl,
    mqttUrl: ctx.realtime.broker?.url ?? ctx.deps.config.mqttUrl!,
    secret: ctx.deps.config.signingSecret,
    namespace: settingsOf(ctx.deps).mqttNamespace,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}, 180_000);
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(async () => {
  await standalone?.close();
  await ctx?.close();
});

const gateways = () =>
  [
    ['in process', ctx.baseUrl],
    ['standalone', standalone.url],
  ] as const;

function open(url: string, cookie: string, origin?: string) {
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
  });
  sockets.push(socket);
  return socket;
}
const connected = (s: ClientSocket) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const disconnected = (s: ClientSocket, ms = 10_000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe('handshake Origin (cross-site WebSocket hijacking)', () => {
  it.each([0, 1])(
    'refuses a foreign origin; accepts ours (PUBLIC_URL or the Host asked) and clients that send none (%s)',
    async (i) => {
      const [, url] = gateways()[i];
      const admin = await ctx.login('admin');
      await expect(connected(open(url, admin, 'https://evil.example'))).rejects.toThrow('forbidden origin');
      await expect(connected(open(url, admin, 'null'))).rejects.toThrow('forbidden origin');
      await connected(open(url, admin, new URL(ctx.deps.config.publicUrl).origin));
      await connected(open(url, admin, url));
      await connected(open(url, admin));
    },
  );

  it.each([0, 1])(
    'owners may connect from a site their company lets embed the portal; staff may not (%s)',
    async (i) => {
      const [, url] = gateways()[i];
      await connected(open(url, await ctx.login('propietario'), SITE));
      await expect(connected(open(url, await ctx.login('agente'), SITE))).rejects.toThrow('forbidden origin');
      await expect(
        connected(open(url, await ctx.login('propietario'), 'http://www.inmobiliaria-cordillera.cl')),
      ).rejects.toThrow('forbidden origin');
    },
  );
});

describe('sockets end with their session', () => {
  it.each([0, 1])('logout disconnects the sockets of that session only, at once (%s)', async (i) => {
    const [, url] = gateways()[i];
    const [mine, other] = [await ctx.login('supervisor'), await ctx.login('supervisor')];
    const a = open(url, mine);
    const b = open(url, other);
    await Promise.all([connected(a), connected(b)]);
    const gone = disconnected(a);
    expect((await ctx.request('POST', 'auth/logout', { cookie: mine })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 300));
    expect(b.connected).toBe(true);
  });

  it.each([0, 1])("ending a disabled user's sessions disconnects every socket of theirs (%s)", async (i) => {
    const [, url] = gateways()[i];
    const s = open(url, await ctx.login('gerente'));
    await connected(s);
    const [gerente] = await ctx.db.select().from(users).where(eq(users.username, 'gerente'));
    const gone = disconnected(s);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gerente.id));
    try {
      await ctx.deps.sessions.endUserSessions(gerente.id);
      expect(await gone).toBe('io server disconnect');
    } finally {
      await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, gerente.id));
    }
  });
});
