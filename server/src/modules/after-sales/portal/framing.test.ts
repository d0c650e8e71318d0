import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectSettings } from '../../../db/schema/index.ts';
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
  const saved = await ctx.request('PUT', `entregas/proyectos/${ids.projectId}/configuracion/iframe`, {
    cookie: admin,
    body: { enabled: true, allowed_origins: [SITE] },
  });
  expect(saved.status).toBe(200);
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.request(url, { headers });
/** The frame-ancestors directive of the answer's policy (the rest is http/security-headers.ts's). */
const policyOf = (res: Response) =>
  /(?:^|;\s*)(frame-ancestors [^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? null;

describe('owner portal framing (docs/product.md#owner-portal: frame-ancestors from the project iframe setting)', () => {
  it('without an embedding project the portal may only be framed by our own origin', async () => {
    const res = await page('http://localhost/portal');
    expect(res.status).toBe(200);
    expect(policyOf(res)).toBe("frame-ancestors 'self'");
    expect(policyOf(await page('http://localhost/portal/inicio'))).toBe("frame-ancestors 'self'");
  });

  it("the embed URL ?proyecto= allows that project's sites and is remembered for reloads inside the frame", async () => {
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
    for (const attribute of ['SameSite=None', 'Secure', 'Partitioned', 'HttpOnly', 'Path=/portal'])
      expect(cookie).toContain(attribute);
    const login = (username: string) =>
      ctx.app.request('http://localhost/api/v2/public/api/auth/login', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-Forwarded-Proto': 'https',
        },
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

  it("a signed-in owner brings the sites of their units' projects; a disabled setting takes them away", async () => {
    const owner = await ctx.login('propietario');
    expect(policyOf(await page('http://localhost/portal/inicio', { Cookie: owner }))).toBe(
      `frame-ancestors 'self' ${SITE}`,
    );
    await ctx.request('PUT', `entregas/proyectos/${ids.projectId}/configuracion/iframe`, {
      cookie: admin,
      body: { enabled: false, allowed_origins: [SITE] },
    });
    expect(policyOf(await page('http://localhost/portal/inicio', { Cookie: owner }))).toBe("frame-ancestors 'self'");
    await ctx.request('PUT', `entregas/proyectos/${ids.projectId}/configuracion/iframe`, {
      cookie: admin,
      body: { enabled: true, allowed_origins: [SITE] },
    });
  });

  it('a malformed or foreign project id does not widen the policy; staff pages and the API are framed by us only', async () => {
    expect(policyOf(await page('http://localhost/portal?proyecto=abc'))).toBe("frame-ancestors 'self'");
    expect(policyOf(await page('http://localhost/portal?proyecto=999999'))).toBe("frame-ancestors 'self'");
    expect(
      policyOf(await page('http://localhost/home/proyectos', { Cookie: `qa_portal_project=${ids.projectId}` })),
    ).toBe("frame-ancestors 'self'");
    expect(policyOf(await page('http://localhost/api/v2/public/api/postventa/portal/unidades'))).toBe(
      "frame-ancestors 'self'",
    );
  });

  it('only https origins may frame the portal: http:// is refused by both settings routes, and one stored before is ignored', async () => {
    const plain = 'http://www.inmobiliaria-cordillera.cl';
    const deliveries = await ctx.request('PUT', `entregas/proyectos/${ids.projectId}/configuracion/iframe`, {
      cookie: admin,
      body: { enabled: true, allowed_origins: [plain] },
    });
    expect(deliveries.status).toBe(422);
    expect(deliveries.json.fields['allowed_origins.0']).toBe(
      'Ingrese un origen https sin ruta, por ejemplo https://www.inmobiliaria.cl',
    );
    const afterSales = await ctx.request('PUT', `postventa/proyectos/${ids.projectId}/configuracion`, {
      cookie: admin,
      body: { iframe: { enabled: true, allowed_origins: [plain] } },
    });
    expect(afterSales.status).toBe(422);
    expect(afterSales.json.fields['iframe.allowed_origins.0']).toBe(
      'Ingrese un origen https sin ruta, por ejemplo https://www.inmobiliaria.cl',
    );
    const injected = await ctx.request('PUT', `postventa/proyectos/${ids.projectId}/configuracion`, {
      cookie: admin,
      body: { iframe: { enabled: true, allowed_origins: ['https://x.cl;script-src'] } },
    });
    expect(injected.status).toBe(422);

    const [before] = await ctx.db.select().from(projectSettings).where(eq(projectSettings.projectId, ids.projectId));
    await ctx.db
      .update(projectSettings)
      .set({ iframe: { enabled: true, allowedOrigins: [SITE, plain] } })
      .where(eq(projectSettings.projectId, ids.projectId));
    try {
      const policy = policyOf(await page(`http://localhost/portal?proyecto=${ids.projectId}`));
      expect(policy).toContain(SITE);
      expect(policy).not.toContain(plain);
    } finally {
      await ctx.db
        .update(projectSettings)
        .set({ iframe: before.iframe })
        .where(eq(projectSettings.projectId, ids.projectId));
    }
  });
});
