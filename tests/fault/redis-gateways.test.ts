import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '#domain/realtime';
import { sleep, startFaultApp, until, type FaultApp } from './fault-support.ts';

// Two gateway processes with Redis on loopback act as one. CI sets REDIS_URL.
const redisUrl = process.env.REDIS_URL;
if (!redisUrl)
  console.log('redis-gateways: skipped, REDIS_URL is not set (CI sets it; locally: REDIS_URL=redis://127.0.0.1:6379)');

type Gateway = { child: ChildProcess; url: string };
let app: FaultApp;
const gateways: Gateway[] = [];
const sockets: Socket[] = [];

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** `npm run start:realtime` as its own process. */
async function spawnGateway(mqttUrl: string): Promise<Gateway> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'realtime/standalone.ts'], {
    env: {
      ...process.env,
      REALTIME_PORT: '0',
      HOST: '127.0.0.1',
      API_URL: app.baseUrl,
      MQTT_URL: mqttUrl,
      REDIS_URL: redisUrl,
      SIGNING_SECRET: app.ctx.deps.config.signingSecret,
      MQTT_NAMESPACE: app.broker.namespace,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d) => process.stderr.write(`[gateway ${child.pid}] ${d}`));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /puerto (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`gateway exited ${code}: ${out}`)));
  });
  const g = { child, url: `http://127.0.0.1:${port}` };
  gateways.push(g);
  return g;
}

function open(g: Gateway, cookie: string, room: string) {
  const s: Socket<ServerToClientEvents, ClientToServerEvents> = connect(g.url, {
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { cookie },
    auth: { rooms: [room] },
  });
  sockets.push(s);
  const got: LiveEvent[] = [];
  s.on('event', (e) => got.push(e));
  return {
    s,
    got,
    connected: new Promise<void>((r, j) => {
      s.once('connect', () => r());
      s.once('connect_error', j);
    }),
  };
}

describe.skipIf(!redisUrl)('two gateway processes behind one Redis', () => {
  beforeAll(async () => {
    app = await startFaultApp({ gateway: false });
  }, 60_000);
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    for (const g of gateways) g.child.kill('SIGTERM');
    await Promise.all(
      gateways.map((g) => new Promise((r) => (g.child.exitCode !== null ? r(null) : g.child.once('exit', r)))),
    );
    await app?.close();
  });

  it('an event taken from the broker by one gateway reaches a client of the other through Redis', async () => {
    const p0 = app.ctx.seed.projectIds[0];
    // Gateway B cannot reach any broker: whatever its client receives came through Redis from A.
    const [a, b] = await Promise.all([
      spawnGateway(app.broker.url),
      spawnGateway(`mqtt://127.0.0.1:${await freePort()}`),
    ]);
    const admin = await app.ctx.login('admin');
    const onA = open(a, admin, `project:${p0}`);
    const onB = open(b, admin, `project:${p0}`);
    await Promise.all([onA.connected, onB.connected]);
    await sleep(500); // rooms joined from the handshake; A subscribed to the broker
    const sent: number[] = [];
    for (let i = 0; i < 30; i++) sent.push(await app.write(p0, i));
    await until(() => onA.got.length >= 30 && onB.got.length >= 30, 20_000, 'both clients');
    await sleep(300);
    expect(onB.got.map((e) => e.id)).toEqual(sent);
    expect(onA.got.map((e) => e.id)).toEqual(sent);
  }, 90_000);

  it('with both gateways on the broker, each event is emitted once (claimed in Redis), not once per gateway', async () => {
    const p1 = app.ctx.seed.projectIds[1];
    const [c, d] = await Promise.all([spawnGateway(app.broker.url), spawnGateway(app.broker.url)]);
    const agente = await app.ctx.login('agente');
    const onC = open(c, agente, `project:${p1}`);
    const onD = open(d, agente, `project:${p1}`);
    await Promise.all([onC.connected, onD.connected]);
    await sleep(500);
    const sent: number[] = [];
    for (let i = 0; i < 30; i++) sent.push(await app.write(p1, i));
    await until(() => onC.got.length >= 30 && onD.got.length >= 30, 20_000, 'both clients');
    await sleep(500); // a duplicate from the second gateway would arrive within this
    // Exactly once each: no duplicate, none missing. Events claimed by different gateways travel
    // different paths (local emit vs the Redis adapter), so their relative arrival order is not
    // guaranteed here (docs/decisions.md); clients key on event ids, not on arrival order.
    const byId = (a: number, b: number) => a - b;
    expect(onC.got.map((e) => e.id).sort(byId)).toEqual(sent);
    expect(onD.got.map((e) => e.id).sort(byId)).toEqual(sent);
  }, 90_000);
});
