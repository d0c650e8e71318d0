import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog, positions, users } from '../../../db/schema/index.ts';
import { POSITION_NAME_MAX, POSITION_NAME_MIN } from '#domain/schemas/positions';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const create = (name: unknown, cookie = admin) =>
  ctx.request('POST', 'configuracion/cargos', { cookie, body: { name } });
const auditOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'position'), eq(auditLog.entityId, id)));

describe('configuracion/cargos (docs/product.md §2 config cargos)', () => {
  it('lists the company positions with how many users hold each', async () => {
    const res = await ctx.request('GET', 'configuracion/cargos', { cookie: admin });
    expect(res.status).toBe(200);
    const inspector = res.json.data.find((p: { name: string }) => p.name === 'Inspector técnico de obra');
    expect(inspector).toMatchObject({ is_active: true, users_count: 1 });
    const others = await ctx.db.select().from(positions).where(eq(positions.companyId, ctx.seed.otherCompanyId));
    const ids = res.json.data.map((p: { id: number }) => p.id);
    for (const p of others) expect(ids).not.toContain(p.id);
  });

  it('creates a position, trimmed, and records it in the audit trail', async () => {
    const res = await create('  Jefe de terreno ');
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ name: 'Jefe de terreno', is_active: true, users_count: 0 });
    const [line] = await auditOf(res.json.data.id);
    expect(line).toMatchObject({
      action: 'created',
      before: null,
      after: { name: 'Jefe de terreno', is_active: true },
    });
  });

  it.each([
    ['empty', '   ', 'validation.required', 'Este campo es obligatorio'],
    ['too short', 'A', 'min', `Debe tener al menos ${POSITION_NAME_MIN} caracteres`],
    ['too long', 'x'.repeat(POSITION_NAME_MAX + 1), 'max', `Debe tener como máximo ${POSITION_NAME_MAX} caracteres`],
    ['two spaces', 'Jefe  de obra', 'spaces', 'No se permiten dos o más espacios seguidos'],
  ])('refuses a name %s (422 with the field in the caller language)', async (_case, name, _k, message) => {
    const res = await create(name);
    expect(res.status).toBe(422);
    expect(res.json.errors).toContain(message);
  });

  it('accepts the limits themselves', async () => {
    expect((await create('TI')).status).toBe(201);
    expect((await create('y'.repeat(POSITION_NAME_MAX))).status).toBe(201);
  });

  it('refuses a second position with the same name, whatever its case (409)', async () => {
    await create('Bodeguero');
    const res = await create('BODEGUERO');
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Ya existe un cargo llamado «BODEGUERO»');
  });

  it('renames and disables, each with before and after in the trail', async () => {
    const { json } = await create('Capataz');
    const id = json.data.id;
    const renamed = await ctx.request('PATCH', `configuracion/cargos/${id}`, {
      cookie: admin,
      body: { name: 'Capataz general' },
    });
    expect(renamed.json.data).toMatchObject({ name: 'Capataz general', is_active: true });
    const disabled = await ctx.request('PATCH', `configuracion/cargos/${id}`, {
      cookie: admin,
      body: { is_active: false },
    });
    expect(disabled.json.data.is_active).toBe(false);
    const lines = await auditOf(id);
    expect(lines.map((l) => l.action)).toEqual(['created', 'updated', 'disabled']);
    expect(lines[1]).toMatchObject({ before: { name: 'Capataz' }, after: { name: 'Capataz general' } });
    const empty = await ctx.request('PATCH', `configuracion/cargos/${id}`, { cookie: admin, body: {} });
    expect(empty.status).toBe(422);
  });

  it('refuses to delete a position users hold, naming how many (409), and deletes a free one', async () => {
    const { json } = await create('Prevencionista');
    const id = json.data.id;
    const holders = await ctx.db.select().from(users).where(eq(users.companyId, ctx.seed.companyId)).limit(2);
    for (const u of holders) await ctx.db.update(users).set({ positionId: id }).where(eq(users.id, u.id));
    const refused = await ctx.request('DELETE', `configuracion/cargos/${id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('No se puede eliminar el cargo: lo tienen asignado 2 usuarios');
    const pt = await ctx.request('DELETE', `configuracion/cargos/${id}`, {
      cookie: admin,
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(pt.json.message).toBe('Não é possível excluir o cargo: 2 usuários o têm atribuído');

    const free = await create('Ayudante');
    expect((await ctx.request('DELETE', `configuracion/cargos/${free.json.data.id}`, { cookie: admin })).status).toBe(
      200,
    );
    expect(await ctx.db.select().from(positions).where(eq(positions.id, free.json.data.id))).toHaveLength(0);
    expect((await auditOf(free.json.data.id)).map((l) => l.action)).toEqual(['created', 'deleted']);
  });

  it("answers another company's position as not found (404), and changes nothing", async () => {
    const [theirs] = await ctx.db
      .insert(positions)
      .values({ companyId: ctx.seed.otherCompanyId, name: 'Cargo ajeno' })
      .returning();
    for (const [method, body] of [
      ['PATCH', { name: 'Tomado' }],
      ['DELETE', undefined],
    ] as const)
      expect((await ctx.request(method, `configuracion/cargos/${theirs.id}`, { cookie: admin, body })).status).toBe(
        404,
      );
    const [after] = await ctx.db.select().from(positions).where(eq(positions.id, theirs.id));
    expect(after.name).toBe(theirs.name);
  });

  it('needs config_cargos (403) and a session (401)', async () => {
    const agente = await ctx.login('agente');
    expect((await ctx.request('GET', 'configuracion/cargos', { cookie: agente })).status).toBe(403);
    expect((await create('Sin permiso', agente)).status).toBe(403);
    expect((await ctx.request('GET', 'configuracion/cargos')).status).toBe(401);
  });
});
