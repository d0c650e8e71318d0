import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { issueMqttCredentials } from '#realtime/credentials';
import { createRealtimeTestContext, type RealtimeTestContext } from './test-support.ts';
import { users } from '../server/src/db/schema/index.ts';
import { recordEvent, transactionWithEvents } from '../server/src/events/outbox.ts';

// The embedded broker enforces the credentials; an external broker (MQTT_URL) needs its own ACL
// (docs/operations.md), so the enforcement half runs only against the embedded one.
const embedded = !process.env.MQTT_URL;
let ctx: RealtimeTestContext;
let agente: string;
let agenteId: number;
const clients: MqttClient[] = [];

type Creds = {
  username: string;
  password: string;
  client_id_prefix: string;
  expires_at: string;
  topic: string;
  topics: string[];
  url: string | null;
};
async function credentials(cookie: string): Promise<Creds> {
  const res = await ctx.request('POST', 'auth/mqtt-credentials', { cookie });
  expect(res.status).toBe(200);
  return res.json.data;
}
function connectWith(url: string, c: Pick<Creds, 'username' | 'password' | 'client_id_prefix'>) {
  const client = mqtt.connect(url, {
    username: c.username,
    password: c.password,
    clientId: `${c.client_id_prefix}${clients.length}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return new Promise<MqttClient>((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}
// SUBACK return code: 1 granted at QoS 1, 128 refused (mqtt.js rejects refused subscriptions).
async function grantOf(client: MqttClient, topic: string): Promise<number> {
  try {
    return (await client.subscribeAsync(topic, { qos: 1 }))[0].qos;
  } catch (error) {
    const granted = (error as { packet?: { granted?: number[] } }).packet?.granted;
    if (granted) return granted[0];
    throw error;
  }
}

beforeAll(async () => {
  ctx = await createRealtimeTestContext();
  agente = await ctx.login('agente');
  agenteId = (await ctx.db.select().from(users).where(eq(users.username, 'agente')))[0].id;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await ctx?.close();
});

describe('MQTT credentials for apps and devices (docs/decisions.md, Realtime)', () => {
  it("GET auth/topic and POST auth/mqtt-credentials name the user's topic; credentials are short-lived", async () => {
    const topic = await ctx.request('GET', 'auth/topic', { cookie: agente });
    expect(topic.json.data.topic).toBe(`qa/${ctx.seed.companyId}/users/${agenteId}`);
    const c = await credentials(agente);
    expect(c.username).toBe(`u${agenteId}`);
    expect(c.topic.endsWith(topic.json.data.topic)).toBe(true);
    expect(c.topics).toHaveLength(1 + 3 + 1); // own topic, three visible projects, company topics
    const ttl = new Date(c.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(10 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    expect((await ctx.request('POST', 'auth/mqtt-credentials')).status).toBe(401);
  });

  it.runIf(embedded)(
    'the broker lets a client subscribe only to its own topics, never publish, and refuses bad or expired credentials',
    async () => {
      const broker = ctx.realtime.broker!;
      const c = await credentials(agente);
      const client = await connectWith(broker.url, c);
      const ns = c.topic.slice(0, c.topic.indexOf('qa/'));
      const [p0, , , p3] = ctx.seed.projectIds;
      expect(await grantOf(client, c.topic)).toBe(1);
      expect(await grantOf(client, `${ns}qa/${ctx.seed.companyId}/projects/${p0}/#`)).toBe(1);
      expect(await grantOf(client, `${ns}qa/${ctx.seed.companyId}/projects/${p3}/#`)).toBe(128); // not assigned to agente
      expect(await grantOf(client, `${ns}qa/${ctx.seed.companyId}/users/${agenteId + 1}`)).toBe(128);
      expect(await grantOf(client, `${ns}qa/${ctx.seed.companyId}/projects/+/#`)).toBe(128);
      expect(await grantOf(client, `${ns}qa/${ctx.seed.otherCompanyId}/company/#`)).toBe(128);
      expect(await grantOf(client, `${ns}qa/#`)).toBe(128);

      // A live event reaches the subscribed client.
      const got = new Promise<{ type: string; id: number }>((resolve) =>
        client.once('message', (_t, p) => resolve(JSON.parse(p.toString()))),
      );
      const id = await transactionWithEvents(ctx.deps, (tx) =>
        recordEvent(tx, { type: 'test.mqtt', companyId: ctx.seed.companyId, projectId: p0 }),
      );
      expect(await got).toMatchObject({ type: 'test.mqtt', id });

      // Publishing is reserved to the server: the broker drops the connection.
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(c.topic, 'spoofed', { qos: 1 });
      await closed;

      await expect(connectWith(broker.url, { ...c, password: `${c.password.slice(0, -2)}xx` })).rejects.toThrow(
        /Bad username or password|Not authorized/,
      );
      await expect(connectWith(broker.url, { ...c, username: 'u1' })).rejects.toThrow(
        /Bad username or password|Not authorized/,
      );
      const expired = issueMqttCredentials(
        ctx.deps.config.signingSecret,
        { companyId: ctx.seed.companyId, userId: agenteId, projectIds: [p0], isStaff: true },
        -1,
      );
      await expect(connectWith(broker.url, { ...expired, client_id_prefix: 'x-' })).rejects.toThrow(
        /Bad username or password|Not authorized/,
      );
    },
  );

  it.runIf(embedded)("MQTT over WebSocket works on the app's own HTTP server at /mqtt", async () => {
    const c = await credentials(agente);
    expect(c.url).toBe(`${ctx.deps.config.publicUrl.replace(/^http/, 'ws')}/mqtt`);
    const client = await connectWith(`${ctx.baseUrl.replace(/^http/, 'ws')}/mqtt`, c);
    expect(await grantOf(client, c.topic)).toBe(1);
    const got = new Promise<{ type: string; userId: number }>((resolve) =>
      client.once('message', (_t, p) => resolve(JSON.parse(p.toString()))),
    );
    await transactionWithEvents(ctx.deps, (tx) =>
      recordEvent(tx, { type: 'test.direct', companyId: ctx.seed.companyId, userId: agenteId }),
    );
    expect(await got).toMatchObject({ type: 'test.direct', userId: agenteId });
  });

  it.runIf(embedded)(
    'credentials end with their session: logout closes their connections and they are refused afterwards',
    async () => {
      const broker = ctx.realtime.broker!;
      const [mine, other] = [await ctx.login('agente'), await ctx.login('agente')];
      const [c, keep] = [await credentials(mine), await credentials(other)];
      const client = await connectWith(broker.url, c);
      const kept = await connectWith(broker.url, keep);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      expect((await ctx.request('POST', 'auth/logout', { cookie: mine })).status).toBe(200);
      await closed;
      await expect(connectWith(broker.url, c)).rejects.toThrow(/Not authorized|Bad username or password/);
      // The other session's credentials are untouched.
      expect(kept.connected).toBe(true);
      expect(await grantOf(kept, keep.topic)).toBe(1);
    },
  );

  it.runIf(embedded)(
    "a disabled user's credentials are refused, and ending their sessions closes their connections",
    async () => {
      const broker = ctx.realtime.broker!;
      const c = await credentials(await ctx.login('supervisor'));
      const client = await connectWith(broker.url, c);
      const live = await connectWith(broker.url, c);
      const liveClosed = new Promise<void>((resolve) => live.once('close', () => resolve()));
      const [supervisor] = await ctx.db.select().from(users).where(eq(users.username, 'supervisor'));
      await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, supervisor.id));
      try {
        await expect(connectWith(broker.url, c)).rejects.toThrow(/Not authorized|Bad username or password/);
        // The session is checked again on subscribe: refused, and the connection ends.
        const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
        expect(await grantOf(client, c.topic).catch(() => 128)).toBe(128);
        await closed;
        // Ending the sessions (what disabling a user does) closes a connection still open.
        await ctx.deps.sessions.endUserSessions(supervisor.id);
        await liveClosed;
      } finally {
        await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, supervisor.id));
      }
    },
  );

  it.runIf(embedded)('credentials not bound to a session (older ones) are refused', async () => {
    const unbound = issueMqttCredentials(ctx.deps.config.signingSecret, {
      companyId: ctx.seed.companyId,
      userId: agenteId,
      projectIds: [],
      isStaff: true,
    });
    await expect(connectWith(ctx.realtime.broker!.url, { ...unbound, client_id_prefix: 'old-' })).rejects.toThrow(
      /Not authorized|Bad username or password/,
    );
  });
});
