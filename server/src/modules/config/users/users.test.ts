import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog, mailOutbox, outbox, sessions, users } from '../../../db/schema/index.ts';
import { newUser, userBody, userRefs, type UserRefs } from './test/fixtures.ts';

/** docs/product.md §1/§3/§4/§5: /config/usuarios, user administration (docs/api.md configuracion/usuarios). */
let ctx: TestContext;
let refs: UserRefs;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await userRefs(ctx);
  admin = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const post = (body: unknown, cookie = admin) => ctx.request('POST', 'configuracion/usuarios', { cookie, body });
const fieldKeys = (res: { json: any }) => (res.json.fields ?? {}) as Record<string, string>;

describe('create and edit (docs/product.md §3 User, §5)', () => {
  it('creates a user with every field, audits it and mails the verification link', async () => {
    const body = userBody(ctx, refs, { username: 'vmunoz' });
    const res = await post(body);
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({
      username: 'vmunoz',
      full_name: 'Valentina Muñoz Rojas',
      email: body.email,
      profile: { id: refs.profileId },
      position: { id: refs.positionId },
      projects: [{ id: ctx.seed.projectIds[0] }],
      state: { cuenta: 'activo', correo: 'sin_verificar', firma: 'sin_verificar' },
    });
    expect(res.json.data.allowed_events).toContain('user.disable');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, res.json.data.id)));
    expect(audit.action).toBe('created');
    expect(JSON.stringify(audit.after)).not.toContain('clave-segura');
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(mails).toHaveLength(1);
    // The new user signs in with the password the admin gave.
    await expect(ctx.login('vmunoz', 'clave-segura-1')).resolves.toContain('=');
  });

  it('422 per field in the caller language: required, e-mail with ñ, password confirmation', async () => {
    const res = await post({
      ...userBody(ctx, refs),
      first_name: '  ',
      email: 'peña@cordillera.cl',
      password_confirmation: 'otra-clave',
    });
    expect(res.status).toBe(422);
    const errors = fieldKeys(res);
    expect(errors.first_name).toBe('Este campo es obligatorio');
    expect(errors.password_confirmation).toBe('Valores no coinciden');
    expect(errors.email).toMatch(/ñ/);
    const pt = await ctx.request('POST', 'configuracion/usuarios', {
      cookie: admin,
      body: { ...userBody(ctx, refs), password_confirmation: 'x' },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(fieldKeys(pt).password_confirmation).not.toBe('Valores no coinciden');
  });

  it('a user without e-mail is allowed (docs/product.md §5)', async () => {
    const res = await post(userBody(ctx, refs, { email: '' }));
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.email).toBeNull();
  });

  it('the username is unique, whatever its case, and the answer is a 422 on the field', async () => {
    await newUser(ctx, admin, refs, { username: 'repetido' });
    const res = await post(userBody(ctx, refs, { username: 'REPETIDO' }));
    expect(res.status).toBe(422);
    expect(fieldKeys(res).username).toBe('Este nombre de usuario ya está en uso');
    // Another company's login name is taken too (one login, docs/product.md §3), without saying whose.
    const other = await post(userBody(ctx, refs, { username: 'otra' }));
    expect(fieldKeys(other).username).toBe('Este nombre de usuario ya está en uso');
  });

  it("another company's profile, project or user is a 404", async () => {
    expect((await post(userBody(ctx, refs, { profile_id: refs.otherProfileId }))).status).toBe(404);
    expect((await post(userBody(ctx, refs, { project_ids: ctx.seed.otherProjectIds }))).status).toBe(404);
    const [otra] = await ctx.db.select().from(users).where(eq(users.username, 'otra'));
    for (const [method, path] of [
      ['GET', `configuracion/usuarios/${otra.id}`],
      ['PATCH', `configuracion/usuarios/${otra.id}`],
      ['DELETE', `configuracion/usuarios/${otra.id}`],
      ['POST', `configuracion/usuarios/${otra.id}/deshabilitar`],
    ] as const) {
      const body = method === 'PATCH' ? { first_name: 'X' } : method === 'POST' ? {} : undefined;
      const res = await ctx.request(method, path, { cookie: admin, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('403 without config_usuarios', async () => {
    const supervisor = await ctx.login('supervisor');
    expect((await ctx.request('GET', 'configuracion/usuarios', { cookie: supervisor })).status).toBe(403);
    expect((await post(userBody(ctx, refs), supervisor)).status).toBe(403);
  });

  it('edits: a new e-mail is unverified again, all projects replaces the list, a new password ends sessions', async () => {
    const user = await newUser(ctx, admin, refs, { username: 'editable' });
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const own = await ctx.login('editable', 'clave-segura-1');
    const res = await ctx.request('PATCH', `configuracion/usuarios/${user.id}`, {
      cookie: admin,
      body: {
        email: 'editable@cordillera.cl',
        all_projects: true,
        password: 'otra-clave-2',
        password_confirmation: 'otra-clave-2',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ all_projects: true, projects: [], state: { correo: 'sin_verificar' } });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await ctx.request('GET', 'auth/usuario', { cookie: own })).status).toBe(401);
    const mismatch = await ctx.request('PATCH', `configuracion/usuarios/${user.id}`, {
      cookie: admin,
      body: { password: 'otra-clave-3' },
    });
    expect(fieldKeys(mismatch).password_confirmation).toBe('Valores no coinciden');
  });
});

describe('list and export', () => {
  it('searches ignoring accents, filters by profile and state, sorts and pages', async () => {
    await newUser(ctx, admin, refs, { username: 'ramon.nunez', first_name: 'Ramón', last_name: 'Núñez' });
    const res = await ctx.request('GET', 'configuracion/usuarios?search=ramon%20nunez&rowsPerPage=5', {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.map((u: { username: string }) => u.username)).toEqual(['ramon.nunez']);
    const byProfile = await ctx.request(
      'GET',
      `configuracion/usuarios?profile_ids=${refs.profileId}&sortBy=username&descending=true`,
      { cookie: admin },
    );
    expect(byProfile.json.data.every((u: { profile: { id: number } }) => u.profile.id === refs.profileId)).toBe(true);
    const names = byProfile.json.data.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort().reverse());
    const bad = await ctx.request('GET', 'configuracion/usuarios?sortBy=password', { cookie: admin });
    expect(bad.status).toBe(422);
  });

  it('exports xlsx and csv (semicolons and BOM in Spanish)', async () => {
    const csv = await ctx.request('GET', 'configuracion/usuarios/export?format=csv&search=ramon', { cookie: admin });
    expect(csv.status).toBe(200);
    expect(csv.text).toMatch(/^\uFEFF?Usuario;Nombre;Apellidos/);
    const raw = await ctx.app.request('http://localhost/api/v2/public/api/configuracion/usuarios/export?format=csv', {
      headers: { Cookie: admin, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(new Uint8Array(await raw.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.text).toContain('ramon.nunez;Ramón;Núñez');
    const xlsx = await ctx.app.request('http://localhost/api/v2/public/api/configuracion/usuarios/export', {
      headers: { Cookie: admin, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });
});

describe('the user machine through the API (docs/product.md §4)', () => {
  it('disabling ends the sessions at once (session.ended events) and the user cannot sign in', async () => {
    const user = await newUser(ctx, admin, refs, { username: 'deshabilitame' });
    const own = await ctx.login('deshabilitame', 'clave-segura-1');
    const res = await ctx.request('POST', `configuracion/usuarios/${user.id}/deshabilitar`, {
      cookie: admin,
      body: {},
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.state.cuenta).toBe('deshabilitado');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const [ended] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.type, 'session.ended'), sql`(${outbox.payload}->>'userId')::int = ${user.id}`));
    expect(ended.n).toBeGreaterThan(0);
    expect((await ctx.request('GET', 'auth/usuario', { cookie: own })).status).toBe(401);
    const again = await ctx.request('POST', `configuracion/usuarios/${user.id}/deshabilitar`, {
      cookie: admin,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(
      (await ctx.request('POST', `configuracion/usuarios/${user.id}/habilitar`, { cookie: admin, body: {} })).status,
    ).toBe(200);
  });

  it('deleting keeps the record, greyed in the list only when asked for, and read-only', async () => {
    const user = await newUser(ctx, admin, refs, { username: 'borrame' });
    const res = await ctx.request('DELETE', `configuracion/usuarios/${user.id}`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ state: { cuenta: 'eliminado' }, allowed_events: [] });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).not.toBeNull();
    const list = await ctx.request('GET', 'configuracion/usuarios?search=borrame', { cookie: admin });
    expect(list.json.total).toBe(0);
    const deleted = await ctx.request('GET', 'configuracion/usuarios?search=borrame&states=eliminado', {
      cookie: admin,
    });
    expect(deleted.json.total).toBe(1);
    const edit = await ctx.request('PATCH', `configuracion/usuarios/${user.id}`, {
      cookie: admin,
      body: { first_name: 'X' },
    });
    expect(edit.status).toBe(409);
  });

  it('nobody disables or deletes themselves', async () => {
    const [me] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
    const res = await ctx.request('POST', `configuracion/usuarios/${me.id}/deshabilitar`, { cookie: admin, body: {} });
    expect(res.status).toBe(409);
  });

  it('resends the verification link; verifies or rejects a signature only when there is one', async () => {
    const user = await newUser(ctx, admin, refs, { username: 'firmante' });
    const resend = await ctx.request('POST', `configuracion/usuarios/${user.id}/reenviar-verificacion`, {
      cookie: admin,
      body: {},
    });
    expect(resend.status, resend.text).toBe(200);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} like 'valentina%' and ${mailOutbox.text} like '%verify?token=%'`);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const verify = await ctx.request('POST', `configuracion/usuarios/${user.id}/verificar-firma`, {
      cookie: admin,
      body: {},
    });
    expect(verify.status).toBe(409);
    await ctx.db
      .update(users)
      .set({ signaturePath: `${ctx.seed.companyId}/firmas/firma.png` })
      .where(eq(users.id, user.id));
    const ok = await ctx.request('POST', `configuracion/usuarios/${user.id}/verificar-firma`, {
      cookie: admin,
      body: {},
    });
    expect(ok.json.data.state.firma).toBe('verificada');
    const reject = await ctx.request('POST', `configuracion/usuarios/${user.id}/rechazar-firma`, {
      cookie: admin,
      body: {},
    });
    expect(reject.json.data).toMatchObject({ state: { firma: 'sin_verificar' }, signature_path: null });
  });
});
