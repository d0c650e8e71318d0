import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { authThrottle, companies, profiles, projects, sessions, userProjects, users } from '../../db/schema/index.ts';
import { demoRoles } from '../../db/seed-data.ts';
import { sha256 } from '../../auth/tokens.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  await ctx.db.delete(authThrottle);
});

const API = 'http://localhost/api/v2/public/api';
/** A login as it arrives from a given client address (what @hono/node-server's conninfo reads). */
const loginFrom = async (address: string, username: string, password: string, forwardedFor?: string) => {
  const res = await ctx.app.request(
    `${API}/auth/login`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'x',
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
      body: JSON.stringify({ username, password }),
    },
    { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
  return { status: res.status, json: await res.json(), headers: res.headers };
};
const userRow = async (username: string) => (await ctx.db.select().from(users).where(eq(users.username, username)))[0];

describe('login (docs/product.md §6 roles, §8 login messages)', () => {
  it('every role signs in, staff and owner, and gets its profile (grupo) back', async () => {
    for (const role of demoRoles) {
      const res = await ctx.request('POST', 'auth/login', { body: { username: role.username, password: 'demo1234' } });
      expect(res.status, role.username).toBe(200);
      expect(res.json.data.grupo.desc_grupo).toBe(role.profile);
      expect(Object.keys(res.json.data.grupo.permisos).sort()).toEqual([...role.permissions].sort());
    }
    const owner = await ctx.request('POST', 'auth/login', { body: { username: 'propietario', password: 'demo1234' } });
    expect(owner.json.data.kind).toBe('owner');
    // Usernames are case-insensitive.
    expect(
      (await ctx.request('POST', 'auth/login', { body: { username: 'ADMIN', password: 'demo1234' } })).status,
    ).toBe(200);
  });

  it("wrong password or unknown user: 401 'Usuario y/o contraseña incorrecta' (same answer for both)", async () => {
    const wrong = await ctx.request('POST', 'auth/login', { body: { username: 'admin', password: 'incorrecta' } });
    const unknown = await ctx.request('POST', 'auth/login', {
      body: { username: 'no-existe', password: 'incorrecta' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Usuario y/o contraseña incorrecta', errors: [] });
    expect(unknown.json).toEqual(wrong.json);
  });

  it("a blocked company: 403 'Cuenta suspendida', and its open sessions stop working", async () => {
    const cookie = await ctx.login('otra');
    await ctx.db.update(companies).set({ isBlocked: true }).where(eq(companies.id, ctx.seed.otherCompanyId));
    try {
      const res = await ctx.request('POST', 'auth/login', { body: { username: 'otra', password: 'demo1234' } });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('Cuenta suspendida');
      expect(
        (
          await ctx.request('POST', 'auth/login', {
            body: { username: 'otra', password: 'demo1234' },
            headers: { 'Accept-Language': 'pt-BR' },
          })
        ).json.message,
      ).toBe('Conta suspensa');
      ctx.deps.sessions.clear(); // what the cache's few-second lifetime does by itself
      expect((await ctx.request('GET', 'auth/usuario', { cookie })).status).toBe(401);
    } finally {
      await ctx.db.update(companies).set({ isBlocked: false }).where(eq(companies.id, ctx.seed.otherCompanyId));
    }
  });

  it("a user whose projects are all closed or blocked: 403 'Sin proyectos'", async () => {
    const template = await userRow('agente');
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, template.profileId!));
    const [user] = await ctx.db
      .insert(users)
      .values({
        companyId: ctx.seed.companyId,
        username: 'sinproyectos',
        firstName: 'Sofía',
        lastName: 'Ibarra',
        email: 'sinproyectos@cordillera.cl',
        passwordHash: template.passwordHash,
        profileId: profile.id,
      })
      .returning();
    const closedOrBlocked = await ctx.db
      .select()
      .from(projects)
      .where(inArray(projects.name, ['Puerto Alegre', 'Lomas de San Pedro']));
    expect(closedOrBlocked.every((p) => p.isClosed || p.isBlocked)).toBe(true);
    await ctx.db
      .insert(userProjects)
      .values(closedOrBlocked.map((p) => ({ userId: user.id, projectId: p.id, companyId: ctx.seed.companyId })));
    const res = await ctx.request('POST', 'auth/login', { body: { username: 'sinproyectos', password: 'demo1234' } });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Sin proyectos');
  });

  it("a disabled user: 403 'Sin permisos para realizar esta acción'", async () => {
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.username, 'revisor'));
    try {
      const res = await ctx.request('POST', 'auth/login', { body: { username: 'revisor', password: 'demo1234' } });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('Sin permisos para realizar esta acción');
    } finally {
      await ctx.db.update(users).set({ isActive: true }).where(eq(users.username, 'revisor'));
    }
  });
});

describe('login throttling (decisions: 5 failures per username and address, 30 per address, 15 min)', () => {
  it('per username and address: the 6th attempt from that address is 429 with a clear message and Retry-After, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom('198.51.100.1', 'supervisor', 'mala')).status).toBe(401);
    const locked = await loginFrom('198.51.100.1', 'supervisor', 'demo1234');
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe('Demasiados intentos fallidos. Intente nuevamente en 15 minutos');
    expect(locked.headers.get('retry-after')).toBe('900');
    // Another user from the same address is not affected.
    expect((await loginFrom('198.51.100.1', 'gerente', 'demo1234')).status).toBe(200);
  });

  it('wrong passwords from one address do not lock the user out everywhere: the owner signs in from their own', async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom('198.51.100.66', 'supervisor', 'mala')).status).toBe(401);
    expect((await loginFrom('198.51.100.66', 'supervisor', 'demo1234')).status).toBe(429);
    expect((await loginFrom('198.51.100.7', 'supervisor', 'demo1234')).status).toBe(200);
  });

  it('per address: after 30 failures with any usernames the address is refused, other addresses are not', async () => {
    for (let i = 0; i < 30; i++) expect((await loginFrom('203.0.113.7', `nadie${i}`, 'x')).status).toBe(401);
    const locked = await loginFrom('203.0.113.7', 'admin', 'demo1234');
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/^Demasiados intentos fallidos/);
    expect((await loginFrom('203.0.113.8', 'admin', 'demo1234')).status).toBe(200);
  });

  it('a success clears the username count: failures must be consecutive to lock', async () => {
    for (let i = 0; i < 4; i++) await loginFrom('192.0.2.1', 'gerente', 'mala');
    expect((await loginFrom('192.0.2.1', 'gerente', 'demo1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) await loginFrom('192.0.2.1', 'gerente', 'mala');
    expect((await loginFrom('192.0.2.1', 'gerente', 'demo1234')).status).toBe(200);
  });
});

describe('client address behind a proxy (README: TRUST_PROXY)', () => {
  const PROXY = '10.0.0.2';
  const withProxies = async (hops: number, run: () => Promise<void>) => {
    ctx.deps.config.trustProxy = hops;
    try {
      await run();
    } finally {
      ctx.deps.config.trustProxy = 0;
    }
  };

  it('TRUST_PROXY=1: the address the proxy saw (rightmost), so a spoofed leftmost entry cannot dodge the address limit', async () => {
    await withProxies(1, async () => {
      for (let i = 0; i < 30; i++)
        expect((await loginFrom(PROXY, `nadie${i}`, 'x', `192.0.2.${i}, 203.0.113.50`)).status).toBe(401);
      expect((await loginFrom(PROXY, 'admin', 'demo1234', '192.0.2.200, 203.0.113.50')).status).toBe(429);
      expect((await loginFrom(PROXY, 'admin', 'demo1234', '203.0.113.50, 203.0.113.51')).status).toBe(200);
    });
  });

  it('TRUST_PROXY=2: the second entry from the right; a chain shorter than the hops gives its leftmost', async () => {
    await withProxies(2, async () => {
      for (let i = 0; i < 30; i++) await loginFrom(PROXY, `nadie${i}`, 'x', `192.0.2.${i}, 203.0.113.60, 10.0.0.1`);
      expect((await loginFrom(PROXY, 'admin', 'demo1234', 'spoofed, 203.0.113.60, 10.0.0.1')).status).toBe(429);
      expect((await loginFrom(PROXY, 'admin', 'demo1234', '203.0.113.60')).status).toBe(429);
      expect((await loginFrom(PROXY, 'admin', 'demo1234', '203.0.113.60, 10.0.0.9')).status).toBe(429);
      expect((await loginFrom(PROXY, 'admin', 'demo1234', '203.0.113.61, 10.0.0.1')).status).toBe(200);
    });
  });

  it("without TRUST_PROXY the header is ignored: the connection's address counts", async () => {
    for (let i = 0; i < 30; i++) await loginFrom('203.0.113.70', `nadie${i}`, 'x', `192.0.2.${i}`);
    expect((await loginFrom('203.0.113.70', 'admin', 'demo1234', '192.0.2.250')).status).toBe(429);
  });
});

describe('session expiry (decisions: idle 2 h, absolute 12 h)', () => {
  const sessionOf = (cookie: string) => sha256(cookie.split('=')[1]);

  it('a session unused for longer than the idle time ends; use within it slides the window', async () => {
    const cookie = await ctx.login('ejecutivo');
    const id = sessionOf(cookie);
    const idle = ctx.deps.config.sessionIdleMs;
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - idle + 60_000) })
      .where(eq(sessions.id, id));
    ctx.deps.sessions.clear();
    expect((await ctx.request('GET', 'auth/usuario', { cookie })).status).toBe(200);
    const [touched] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(10_000);

    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - idle - 60_000) })
      .where(eq(sessions.id, id));
    ctx.deps.sessions.clear();
    expect((await ctx.request('GET', 'auth/usuario', { cookie })).status).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it('a session past its absolute expiry ends even when used constantly', async () => {
    const cookie = await ctx.login('ejecutivo');
    const id = sessionOf(cookie);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(ctx.deps.config.sessionAbsoluteMs, -4);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.id, id));
    ctx.deps.sessions.clear();
    const res = await ctx.request('GET', 'auth/usuario', { cookie });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Debe iniciar sesión');
  });
});
