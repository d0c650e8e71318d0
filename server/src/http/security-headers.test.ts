import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';
import { contentSecurityPolicy } from './security-headers.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
const SITE = 'https://www.inmobiliaria-cordillera.cl';
let ctx: TestContext;
let clientDir: string;
let server: http.Server;
let base: string;
let projectId: number;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await createTestContext({ clientDir });
  projectId = ctx.seed.projectIds[0];
  const saved = await ctx.request('PUT', `entregas/proyectos/${projectId}/configuracion/iframe`, {
    cookie: await ctx.login('admin'),
    body: { enabled: true, allowed_origins: [SITE] },
  });
  expect(saved.status).toBe(200);
  // The same app behind @hono/node-server, where headers travel on the Node response.
  server = http.createServer(getRequestListener(ctx.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await ctx?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

type Fetch = (p: string, headers?: Record<string, string>) => Promise<Response>;
const inProcess: Fetch = async (p, headers = {}) => ctx.app.request(`http://localhost${p}`, { headers });
const overNode: Fetch = (p, headers = {}) => fetch(`${base}${p}`, { headers });

describe.each([
  ['app.request', inProcess],
  ['@hono/node-server', overNode],
] as const)('security headers (%s)', (_name, get) => {
  it('staff pages: a CSP of our own origin only, framed only by us, nosniff and same-origin referrers', async () => {
    const res = await get('/home/proyectos');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('object-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    // No outside origin: only ours (the WebSocket form of PUBLIC_URL).
    const origins = [...csp.values()].flat().filter((v) => /^[a-z]+:\/\//.test(v));
    expect(origins).toEqual(['ws://localhost:3000']);
  });

  it('the API and the dev mail page carry the same headers', async () => {
    const api = await get('/api/v2/public/api/auth/usuario');
    expect(api.status).toBe(401);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(api.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
    const mail = await get('/dev/mail', { Cookie: await ctx.login('admin') });
    expect(mail.status).toBe(200);
    expect(directives(mail.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"]);
  });

  it('the portal keeps its own frame-ancestors inside the same policy: one header, not two', async () => {
    const res = await get(`/portal?proyecto=${projectId}`);
    const policy = res.headers.get('content-security-policy')!;
    expect(policy.match(/frame-ancestors/g)).toHaveLength(1);
    const csp = directives(policy);
    expect(csp.get('frame-ancestors')).toEqual(["'self'", SITE]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('content security policy', () => {
  it('allows the S3 endpoint for direct uploads, and wss: under an https PUBLIC_URL', () => {
    const csp = directives(
      contentSecurityPolicy({
        publicUrl: 'https://qa.example.cl',
        s3: { endpoint: 'https://s3.example.cl:9000', bucket: 'b', accessKey: 'a', secretKey: 's', region: 'r' },
      }),
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://qa.example.cl', 'https://s3.example.cl:9000']);
  });
});
