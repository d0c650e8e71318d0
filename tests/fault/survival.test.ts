import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { io as connect } from 'socket.io-client';
import { formHead, pdfChunks, PDF, sendChunked } from '../../server/src/modules/files/test-helpers.ts';
import { rawConnection, startChildServer, type ChildServer } from './child-server.ts';

// Hardening (docs/decisions.md): no request, however abusive, ends the process. The real server
// runs in its own process, as `npm start` runs it, so a crash shows as a dead child (in-process,
// the test runner would catch the error instead). Short HTTP timeouts keep the slow cases quick.
// The last test checks that none of it needed the process-level guards, which only log.
let server: ChildServer;
let owner: string;
const MB = 1024 * 1024;
const TIMEOUTS = {
  HTTP_HEADERS_TIMEOUT_SECONDS: '1',
  HTTP_REQUEST_TIMEOUT_SECONDS: '3',
  HTTP_IDLE_TIMEOUT_SECONDS: '8',
};
const PROBES = /survival probe/;

beforeAll(async () => {
  server = await startChildServer('tests/fault/survival-server.ts', {
    env: TIMEOUTS,
    startedLog: 'survival server started',
  });
  const login = await fetch(`${server.origin}/api/v2/public/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ username: 'propietario', password: 'demo1234' }),
  });
  expect(login.status).toBe(200);
  owner = login.headers.get('set-cookie')!.split(';')[0];
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function expectAlive() {
  expect(server.alive()).toBe(true);
  expect((await fetch(`${server.origin}/health`)).status).toBe(200);
}

const api = (p: string, body: unknown) =>
  fetch(`${server.origin}/api/v2/public/api/${p}`, {
    method: 'POST',
    headers: { Cookie: owner, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ data: Record<string, any> }>);
const signPut = () => api('files/upload-url', { extension: 'pdf', context: 'general' });
const signPost = () =>
  api('propietarios/posventa/s3/pre-signed-url', {
    key: 'fisura.pdf',
    contentType: 'application/pdf',
    context: 'general',
  });
const incoming = () => {
  const dir = path.join(server.dataDir, 'files', '.incoming');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const formChunks = (boundary: string, fields: Record<string, string>, bytes: number) =>
  (function* () {
    yield formHead(boundary, fields);
    yield* pdfChunks(bytes);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  })();
const multipart = (boundary: string) => ({
  'Content-Type': `multipart/form-data; boundary=${boundary}`,
  'Accept-Language': 'pt-BR',
});

async function until(check: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the server process survives abusive clients', () => {
  it("an owner's oversized chunked PUT to the signed URL: 413 in pt-BR, no partial file", async () => {
    const signed = await signPut();
    const res = await sendChunked(signed.data.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf', 'Accept-Language': 'pt-BR' },
      chunks: pdfChunks(22 * MB),
    });
    expect(res).toMatchObject({
      status: 413,
      json: { message: 'O arquivo excede o tamanho máximo de 20 MB', code: 'too_large' },
    });
    expect(incoming()).toEqual([]);
    await expectAlive();
  });

  it("an owner's oversized chunked form POST: 413 in pt-BR, no partial file", async () => {
    const signed = await signPost();
    const res = await sendChunked(signed.data.action, {
      method: 'POST',
      headers: multipart('qa-grande'),
      chunks: formChunks('qa-grande', signed.data.fields, 22 * MB),
    });
    expect(res).toMatchObject({ status: 413, json: { message: 'O arquivo excede o tamanho máximo de 20 MB' } });
    expect(incoming()).toEqual([]);
    await expectAlive();
  });

  it('uploads dropped mid-body leave nothing behind', async () => {
    const put = await signPut();
    expect(
      await sendChunked(put.data.url, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/pdf' },
        chunks: pdfChunks(12 * MB),
        abortAfter: 6 * MB,
      }),
    ).toEqual({ error: 'aborted' });
    const post = await signPost();
    expect(
      await sendChunked(post.data.action, {
        method: 'POST',
        headers: multipart('qa-corte'),
        chunks: formChunks('qa-corte', post.data.fields, 12 * MB),
        abortAfter: 6 * MB,
      }),
    ).toEqual({ error: 'aborted' });
    await until(() => incoming().length === 0, 'the partial files to go');
    await expectAlive();
  });

  it('malformed multipart bodies answer 422 JSON', async () => {
    const signed = await signPost();
    const cut = await sendChunked(signed.data.action, {
      method: 'POST',
      headers: multipart('qa-roto'),
      chunks: [formHead('qa-roto', signed.data.fields).subarray(0, 100)],
    });
    expect(cut).toMatchObject({ status: 422, json: { message: 'Não foi possível enviar o arquivo' } });
    const noBoundary = await sendChunked(signed.data.action, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data' },
      chunks: [Buffer.from('--x\r\n\r\n')],
    });
    expect(noBoundary).toMatchObject({ status: 422 });
    const unclosed = await sendChunked(signed.data.action, {
      method: 'POST',
      headers: multipart('qa-abierto'),
      chunks: [formHead('qa-abierto', signed.data.fields), PDF],
    });
    expect('status' in unclosed && unclosed.status).toBe(422);
    expect(incoming()).toEqual([]);
    await expectAlive();
  });

  it('headers trickled slower than the headers timeout: 408 and the connection closed', async () => {
    const c = rawConnection(server.port);
    await c.connected;
    await c.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    void c.trickle('X-Slow: a\r\n', 300, 40);
    expect(await c.closed).toBeLessThan(4_000);
    expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
    await expectAlive();
  });

  it('a body trickled past the request timeout is cut, and its upload can start again', async () => {
    const signed = await signPut();
    const url = new URL(signed.data.url);
    const c = rawConnection(server.port);
    await c.connected;
    await c.write(
      `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/pdf\r\nContent-Length: ${PDF.length + 1000}\r\n\r\n`,
    );
    await c.write(PDF);
    void c.trickle(' ', 250, 100);
    expect(await c.closed).toBeLessThan(8_000);
    await until(() => incoming().length === 0, 'the cut upload to be removed');
    const again = await sendChunked(signed.data.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      chunks: [PDF],
    });
    expect(again).toMatchObject({ status: 200 });
    await expectAlive();
  });

  it('garbage WebSocket upgrades to /socket.io, /mqtt and elsewhere, and garbage frames after good ones', async () => {
    for (const target of ['/socket.io/?EIO=4&transport=websocket', '/mqtt', '/elsewhere', '/mqtt/x']) {
      const c = rawConnection(server.port);
      await c.connected;
      await c.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
      await until(() => c.received.length > 0, `an answer to the upgrade of ${target}`, 5_000);
      expect(c.received).toMatch(/^HTTP\/1\.1 (400|404) /);
      c.socket.resetAndDestroy();
      await c.closed;
    }
    const wsOrigin = server.origin.replace(/^http/, 'ws');
    for (const [target, garbage] of [
      ['/mqtt', Buffer.from([0xf0, 0xff, 0xff, 0xff, 0xff, 0x7f, 1, 2, 3])],
      ['/socket.io/?EIO=4&transport=websocket', '42["join"'],
    ] as const) {
      const ws = new WebSocket(`${wsOrigin}${target}`, target === '/mqtt' ? ['mqtt'] : []);
      ws.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.send(garbage);
      await new Promise<void>((resolve) => ws.once('close', () => resolve()));
    }
    await expectAlive();
  });

  it("a signed-in owner's socket sending events shaped by hand (acknowledgements that are not callbacks)", async () => {
    const socket = connect(server.origin, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: owner },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const raw = socket as unknown as { emit(event: string, ...args: unknown[]): void };
    raw.emit('join', 'project:1', 5);
    raw.emit('leave', {}, 'x');
    raw.emit('replay', -1, 5);
    raw.emit('replay', 'abc', null);
    expect(await socket.timeout(5_000).emitWithAck('join', 'no-such-room')).toEqual({ ok: false, error: 'invalid' });
    socket.disconnect();
    await expectAlive();
  });

  it('bytes that are not HTTP get a 400 and a closed connection', async () => {
    const c = rawConnection(server.port);
    await c.connected;
    await c.write('\x16\x03\x01 not http at all\r\n\r\n');
    await c.closed;
    expect(c.received).toMatch(/^HTTP\/1\.1 400 /);
    await expectAlive();
  });

  it('a rejection and an exception outside any request are logged, and the process keeps serving', async () => {
    server.child.kill('SIGUSR2');
    await until(
      () => server.logs.filter((l) => PROBES.test(JSON.stringify(l.error))).length >= 2,
      'both probes to be logged',
    );
    expect(server.logs.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['unhandled rejection', 'uncaught exception']),
    );
    await expectAlive();
  });

  it('nothing above reached the last-resort handlers except the probes, and SIGTERM still stops it cleanly', async () => {
    const lastResort = server.logs.filter(
      (l) =>
        (l.msg === 'unhandled rejection' || l.msg === 'uncaught exception') && !PROBES.test(JSON.stringify(l.error)),
    );
    expect(lastResort).toEqual([]);
    expect(await server.stop()).toBe(0);
  });
});
