import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog, outbox, profiles, users } from '../../../db/schema/index.ts';
import { PERMISSIONS_CHANGED_EVENT } from '#domain/realtime';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

type Body = { name?: unknown; groups?: unknown; permissions?: unknown; exclusive_permissions?: unknown };
const create = (body: Body, cookie = admin) => ctx.request('POST', 'configuracion/permisos', { cookie, body });
const put = (id: number, body: Body & { updated_at?: string }) =>
  ctx.request('PUT', `configuracion/permisos/${id}`, { cookie: admin, body });
const auditOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'profile'), eq(auditLog.entityId, id)));
const userNamed = async (username: string) =>
  (await ctx.db.select().from(users).where(eq(users.username, username)))[0];

/** A seeded user moved to a profile, signed in: what the e2e does through its own test-support step. */
async function userOn(profileId: number, username: string) {
  const u = await userNamed(username);
  await ctx.db.update(users).set({ profileId }).where(eq(users.id, u.id));
  ctx.deps.sessions.evictUser(u.id);
  return { user: u, cookie: await ctx.login(username) };
}
const sessionOf = async (cookie: string) => (await ctx.request('GET', 'auth/sesion', { cookie })).json.data;

describe('configuracion/permisos: the catalogue (docs/product.md §6)', () => {
  it('lists every flag by module with its description in the caller language, and the module switches', async () => {
    const es = await ctx.request('GET', 'configuracion/permisos/catalogo', { cookie: admin });
    expect(es.status).toBe(200);
    const postventa = es.json.data.groups.find((g: { group: string }) => g.group === 'postventa');
    expect(postventa).toMatchObject({ label: 'Postventa', module: { enabled: true, status: 'activo' } });
    expect(postventa.permissions).toContainEqual({
      flag: 'postventa_cerrar',
      description: 'Cerrar y reabrir solicitudes',
    });
    const none = es.json.data.groups.find((g: { group: string }) => g.group === 'undefined');
    expect(none).toMatchObject({ label: 'Sin módulo definido', module: null });
    expect(none.permissions.map((p: { flag: string }) => p.flag)).toContain('ver_notificaciones');
    const pt = await ctx.request('GET', 'configuracion/permisos/catalogo', {
      cookie: admin,
      headers: { 'Accept-Language': 'pt-BR' },
    });
    const ptGroup = pt.json.data.groups.find((g: { group: string }) => g.group === 'postventa');
    expect(ptGroup.label).toBe('Pós-venda');
    expect(ptGroup.permissions).toContainEqual({
      flag: 'postventa_cerrar',
      description: 'Encerrar e reabrir solicitações',
    });
  });
});

describe('configuracion/permisos: profiles', () => {
  it('lists the company profiles with their users, modules and undefined permissions', async () => {
    const [legacy] = await ctx.db
      .insert(profiles)
      .values({ companyId: ctx.seed.companyId, name: 'Heredado', permissions: ['modulo_calidad', 'flag_antiguo'] })
      .returning();
    const res = await ctx.request('GET', 'configuracion/permisos', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.data.find((p: { name: string }) => p.name === 'Agente de postventa')).toMatchObject({
      users_count: 1,
      modules: ['entregas', 'postventa'],
      is_ryr: false,
    });
    expect(res.json.data.find((p: { id: number }) => p.id === legacy.id)).toMatchObject({
      undefined_permissions: ['flag_antiguo'],
      modules: ['calidad'],
    });
  });

  it('creates a profile, trimmed and deduplicated, recorded in the audit trail', async () => {
    const res = await create({
      name: ' Bodega ',
      groups: ['operaciones'],
      permissions: ['modulo_entregas', 'ver_notificaciones', 'modulo_entregas'],
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      name: 'Bodega',
      groups: ['operaciones'],
      permissions: ['modulo_entregas', 'ver_notificaciones'],
      undefined_permissions: ['ver_notificaciones'],
      modules: ['entregas'],
      users_count: 0,
    });
    const [line] = await auditOf(res.json.data.id);
    expect(line).toMatchObject({ action: 'created', after: { name: 'Bodega', groups: ['operaciones'] } });
  });

  it('refuses a profile without a name, with two spaces, or with a permission nobody defines (422)', async () => {
    const empty = await create({ name: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toContain('Este campo es obligatorio');
    expect((await create({ name: 'Dos  espacios' })).status).toBe(422);
    const unknown = await create({ name: 'Inventado', permissions: ['modulo_calidad', 'super_poder'] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toContain('Permiso desconocido: super_poder');
  });

  it('refuses a second profile with the same name (409)', async () => {
    const res = await create({ name: 'inspector' });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Ya existe un perfil llamado «inspector»');
  });

  it("saving with nothing changed is 'no changes to send' (422); an older version is refused (409)", async () => {
    const { json } = await create({ name: 'Sin cambios', groups: ['a'], permissions: ['modulo_calidad'] });
    const p = json.data;
    const same = await put(p.id, { name: 'Sin cambios', groups: ['a'], permissions: ['modulo_calidad'] });
    expect(same.status).toBe(422);
    expect(same.json.message).toBe('No hay cambios para enviar');
    const pt = await ctx.request('PUT', `configuracion/permisos/${p.id}`, {
      cookie: admin,
      headers: { 'Accept-Language': 'pt-BR' },
      body: { name: 'Sin cambios', groups: ['a'], permissions: ['modulo_calidad'] },
    });
    expect(pt.json.message).toBe('Não há alterações para enviar');
    const saved = await put(p.id, { name: 'Con cambios', permissions: ['modulo_calidad'], updated_at: p.updated_at });
    expect(saved.status).toBe(200);
    expect(saved.json.data.updated_at).not.toBe(p.updated_at);
    const stale = await put(p.id, { name: 'Otra vez', updated_at: p.updated_at });
    expect(stale.status).toBe(409);
    const lines = await auditOf(p.id);
    expect(lines.at(-1)).toMatchObject({
      action: 'updated',
      before: { name: 'Sin cambios', groups: ['a'] },
      after: { name: 'Con cambios', groups: [] },
    });
  });

  it('keeps an undefined permission the profile already had, and lets it go', async () => {
    const [legacy] = await ctx.db
      .insert(profiles)
      .values({ companyId: ctx.seed.companyId, name: 'Legado', permissions: ['flag_viejo'] })
      .returning();
    const kept = await put(legacy.id, { name: 'Legado 2', permissions: ['flag_viejo'] });
    expect(kept.json.data.undefined_permissions).toEqual(['flag_viejo']);
    const dropped = await put(legacy.id, { name: 'Legado 2', permissions: [] });
    expect(dropped.json.data.permissions).toEqual([]);
    expect((await put(legacy.id, { name: 'Legado 2', permissions: ['flag_viejo'] })).status).toBe(422);
  });

  it('an exclusive permission belongs to one profile only (409 naming the holder)', async () => {
    const taken = await create({ name: 'Respaldos', exclusive_permissions: ['dbdump'] });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe('El permiso «dbdump» es exclusivo y ya lo tiene el perfil «RyR»');
    // Free config_recepciones (only the seed's Administrador holds it), then one profile takes it as exclusive.
    const [adminProfile] = await ctx.db.select().from(profiles).where(eq(profiles.name, 'Administrador'));
    await ctx.db
      .update(profiles)
      .set({ permissions: adminProfile.permissions.filter((f) => f !== 'config_recepciones') })
      .where(eq(profiles.id, adminProfile.id));
    const holder = await create({
      name: 'Recepciones',
      permissions: ['modulo_calidad', 'config_recepciones'],
      exclusive_permissions: ['config_recepciones'],
    });
    expect(holder.status).toBe(201);
    expect(holder.json.data).toMatchObject({
      permissions: ['modulo_calidad'],
      exclusive_permissions: ['config_recepciones'],
    });
    for (const body of [{ permissions: ['config_recepciones'] }, { exclusive_permissions: ['config_recepciones'] }]) {
      const other = await create({ name: 'Otro', ...body });
      expect(other.status).toBe(409);
      expect(other.json.message).toBe(
        'El permiso «config_recepciones» es exclusivo y ya lo tiene el perfil «Recepciones»',
      );
    }
    const { user, cookie } = await userOn(holder.json.data.id, 'ejecutivo');
    expect((await sessionOf(cookie)).grupo.permisos).toEqual({ modulo_calidad: true, config_recepciones: true });
    await ctx.db.update(users).set({ profileId: user.profileId }).where(eq(users.id, user.id));
  });

  it('duplicates a profile: groups and permissions, not its exclusive ones; a free copy name each time', async () => {
    const [source] = await ctx.db
      .insert(profiles)
      .values({
        companyId: ctx.seed.companyId,
        name: 'Original',
        groups: ['ryr'],
        permissions: ['modulo_calidad'],
        exclusivePermissions: ['hormigon_editar'],
      })
      .returning();
    const first = await ctx.request('POST', `configuracion/permisos/${source.id}/duplicar`, {
      cookie: admin,
      body: {},
    });
    expect(first.status).toBe(201);
    expect(first.json.data).toMatchObject({
      name: 'Original (copia)',
      groups: ['ryr'],
      permissions: ['modulo_calidad'],
      exclusive_permissions: [],
      is_ryr: true,
    });
    const second = await ctx.request('POST', `configuracion/permisos/${source.id}/duplicar`, {
      cookie: admin,
      body: {},
    });
    expect(second.json.data.name).toBe('Original (copia 2)');
    const named = await ctx.request('POST', `configuracion/permisos/${source.id}/duplicar`, {
      cookie: admin,
      body: { name: 'Original' },
    });
    expect(named.status).toBe(409);
    const [line] = await auditOf(first.json.data.id);
    expect(line).toMatchObject({ action: 'duplicated', before: { id: source.id, name: 'Original' } });
  });

  it('refuses to delete a profile users hold, naming how many (409), and deletes a free one', async () => {
    const agente = await userNamed('agente');
    const refused = await ctx.request('DELETE', `configuracion/permisos/${agente.profileId}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('No se puede eliminar el perfil: lo tienen asignado 1 usuarios');
    const { json } = await create({ name: 'Temporal' });
    expect((await ctx.request('DELETE', `configuracion/permisos/${json.data.id}`, { cookie: admin })).status).toBe(200);
    expect((await ctx.request('GET', `configuracion/permisos/${json.data.id}`, { cookie: admin })).status).toBe(404);
    expect((await auditOf(json.data.id)).map((l) => l.action)).toEqual(['created', 'deleted']);
  });
});

describe('a profile change reaches its users (docs/product.md §6)', () => {
  it("changes the open session's permissions at once, and announces it to each of its users", async () => {
    const { json } = await create({ name: 'En vivo', permissions: ['modulo_calidad', 'modulo_entregas'] });
    const { user, cookie } = await userOn(json.data.id, 'ejecutivo');
    expect(Object.keys((await sessionOf(cookie)).grupo.permisos).sort()).toEqual(['modulo_calidad', 'modulo_entregas']);
    await sessionOf(cookie); // cached now: the change must evict it
    const res = await put(json.data.id, { name: 'En vivo', permissions: ['modulo_calidad'] });
    expect(res.status).toBe(200);
    expect(Object.keys((await sessionOf(cookie)).grupo.permisos)).toEqual(['modulo_calidad']);
    expect((await ctx.request('GET', 'postventa/solicitudes', { cookie })).status).toBe(403);
    const events = await ctx.db.select().from(outbox).where(eq(outbox.type, PERMISSIONS_CHANGED_EVENT));
    expect(events.at(-1)).toMatchObject({
      companyId: ctx.seed.companyId,
      topic: `qa/${ctx.seed.companyId}/users/${user.id}`,
    });
  });

  it("a group described 'ryr' counts as RyR (docs/product.md §3)", async () => {
    const { json } = await create({ name: 'Analista', groups: ['RyR'], permissions: ['ver_notificaciones'] });
    expect(json.data.is_ryr).toBe(true);
    const { cookie } = await userOn(json.data.id, 'revisor');
    const me = await sessionOf(cookie);
    expect(me.is_ryr).toBe(true);
    expect(me.grupo.permisos.ryr).toBe(true);
  });
});

describe('company modules on or off (module settings apply to all profiles, docs/product.md §6)', () => {
  it("switching a module off takes its permissions from every profile's users, on gives them back", async () => {
    const inspector = await ctx.login('inspector');
    const supervisor = await ctx.login('supervisor');
    expect((await sessionOf(inspector)).grupo.permisos.modulo_calidad).toBe(true);
    const off = await ctx.request('PUT', 'configuracion/permisos/modulos/calidad', {
      cookie: admin,
      body: { enabled: false },
    });
    expect(off.json.data).toEqual({ modulo: 'calidad', enabled: false, status: 'inactivo' });
    expect((await sessionOf(inspector)).grupo.permisos.modulo_calidad).toBeUndefined();
    expect((await sessionOf(inspector)).grupo.permisos.calidad_editar).toBeUndefined();
    expect((await sessionOf(supervisor)).grupo.permisos.modulo_postventa).toBe(true);
    const catalogue = await ctx.request('GET', 'configuracion/permisos/catalogo', { cookie: admin });
    expect(catalogue.json.data.groups.find((g: { group: string }) => g.group === 'calidad').module).toEqual({
      enabled: false,
      status: 'inactivo',
    });
    // The profile itself keeps the flag: switching the module on again restores it for everyone.
    const stored = await ctx.db.select().from(profiles).where(eq(profiles.name, 'Inspector'));
    expect(stored[0].permissions).toContain('modulo_calidad');
    const companyEvent = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, `qa/${ctx.seed.companyId}/company`));
    expect(companyEvent.at(-1)).toMatchObject({ type: PERMISSIONS_CHANGED_EVENT });
    await ctx.request('PUT', 'configuracion/permisos/modulos/calidad', { cookie: admin, body: { enabled: true } });
    expect((await sessionOf(inspector)).grupo.permisos.modulo_calidad).toBe(true);
    const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'module'));
    expect(lines.map((l) => l.action)).toEqual(['disabled', 'enabled']);
    expect(lines[0]).toMatchObject({ before: { modulo: 'calidad', status: 'activo' }, after: { status: 'inactivo' } });
  });

  it('an unknown module is 404; a body without enabled is 422', async () => {
    expect(
      (await ctx.request('PUT', 'configuracion/permisos/modulos/nada', { cookie: admin, body: { enabled: true } }))
        .status,
    ).toBe(404);
    expect(
      (await ctx.request('PUT', 'configuracion/permisos/modulos/calidad', { cookie: admin, body: {} })).status,
    ).toBe(422);
  });
});

describe('isolation and permission', () => {
  it("answers another company's profile as not found (404), and changes nothing", async () => {
    const [theirs] = await ctx.db
      .insert(profiles)
      .values({ companyId: ctx.seed.otherCompanyId, name: 'Perfil ajeno' })
      .returning();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PUT', '', { name: 'Tomado' }],
      ['POST', '/duplicar', {}],
      ['DELETE', '', undefined],
    ] as const)
      expect(
        (await ctx.request(method, `configuracion/permisos/${theirs.id}${path}`, { cookie: admin, body })).status,
      ).toBe(404);
    const [after] = await ctx.db.select().from(profiles).where(eq(profiles.id, theirs.id));
    expect(after.name).toBe('Perfil ajeno');
  });

  it('needs config_permisos (403)', async () => {
    const supervisor = await ctx.login('supervisor');
    expect((await ctx.request('GET', 'configuracion/permisos', { cookie: supervisor })).status).toBe(403);
    expect((await create({ name: 'X' }, supervisor)).status).toBe(403);
    expect(
      (
        await ctx.request('PUT', 'configuracion/permisos/modulos/calidad', {
          cookie: supervisor,
          body: { enabled: false },
        })
      ).status,
    ).toBe(403);
  });
});
