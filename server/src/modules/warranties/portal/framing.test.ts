import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { demoIds, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
const SITE = 'https://www.inmobiliaria-cordillera.cl';
let ctx: TestContext;
let ids: DemoIds;
let admin: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
  ctx = await createTestContext({ clientDir });
  ids = await demoIds(ctx);
  admin = await ctx.login('admin');
  const saved = await ctx.request('PUT', `entregas/proyectos/${ids.projectId}/configuracion/iframe`, { cookie: admin, body: { enabled: true, allowed_origins: [SITE] } });
  expect(saved.status).toBe(200);
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.request(url, { headers });
const policyOf = (res: Response) => res.headers.get('content-security-policy');

describe('owner portal framing (docs/product.md#owner-portal: frame-ancestors from the project iframe setting)', () => {
  it('without an embedding project the portal may only be framed by our own origin', async () => {
    const res = await page('http://localhost/portal');
    expect(res.status).toBe(200);
    expect(policyOf(res)).toBe("frame-ancestors 'self'");
    expect(policyOf(await page('http://localhost/portal/inicio'))).toBe("frame-ancestors 'self'");
  });

  it('the embed URL ?proyecto= allows that project\'s sites and is remembered for reloads inside the frame', async () => {
    const res = await page(`http://localhost/portal?proyecto=${ids.projectId}`);
    expect(policyOf(res)).toBe(`frame-ancestors 'self' ${SITE}`);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`qa_portal_project=${ids.projectId}`);
    expect(cookie).toContain('SameSite=Lax');
    const reload = await page('http://localhost/portal/solicitudes/crear', { Cookie: cookie.split(';')[0] });
    expect(policyOf(reload)).toBe(`frame-ancestors 'self' ${SITE}`);
  });

  it('over HTTPS the cookies that must live inside a cross-site frame are SameSite=None, Secure and Partitioned', async () => {
    const res = await page(`http://localhost/portal?proyecto=${ids.projectId}`, { 'X-Forwarded-Proto': 'https' });
    const cookie = res.headers.get('set-cookie')!;
    for (const attribute of ['SameSite=None', 'Secure', 'Partitioned', 'HttpOnly', 'Path=/portal']) expect(cookie).toContain(attribute);
    const login = (username: string) => ctx.app.request('http://localhost/api/v2/public/api/auth/login', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify({ username, password: 'demo1234' }),
    });
    const owner = (await login('propietario')).headers.get('set-cookie')!;
    expect(owner).toContain('SameSite=None');
    expect(owner).toContain('Secure');
    expect(owner).toContain('Partitioned');
    const staff = (await login('agente')).headers.get('set-cookie')!;
    expect(staff).toContain('SameSite=Lax');
    expect(staff).not.toContain('Partitioned');
  });

  it('a signed-in owner brings the sites of their units\' projects; a disabled setting takes them away', async () => {
    const owner = await ctx.login('propietario');
    expect(policyOf(await page('http://localhost/portal/inicio', { Cookie: owner }))).toBe(`frame-ancestors 'self' ${SITE}`);
    await ctx.request('PUT', `entregas/proyectos/${ids.projectId}/configuracion/iframe`, { cookie: admin, body: { enabled: false, allowed_origins: [SITE] } });
    expect(policyOf(await page('http://localhost/portal/inicio', { Cookie: owner }))).toBe("frame-ancestors 'self'");
    await ctx.request('PUT', `entregas/proyectos/${ids.projectId}/configuracion/iframe`, { cookie: admin, body: { enabled: true, allowed_origins: [SITE] } });
  });

  it('a malformed or foreign project id does not widen the policy; staff pages and the API carry none of it', async () => {
    expect(policyOf(await page('http://localhost/portal?proyecto=abc'))).toBe("frame-ancestors 'self'");
    expect(policyOf(await page('http://localhost/portal?proyecto=999999'))).toBe("frame-ancestors 'self'");
    expect(policyOf(await page('http://localhost/home/proyectos'))).toBeNull();
    expect(policyOf(await page('http://localhost/api/v2/public/api/postventa/portal/unidades'))).toBeNull();
  });
});
