import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { TEMPLATE_CHANGED_EVENT, TEMPLATES_MAX } from '#domain/verifications';
import { templateSchema, type ReceptionTemplate } from '#domain/verifications-responses';
import { outbox, receptions, receptionTemplates } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';

/** docs/api.md Verifications: the reception templates of config/recepciones through the real routes. */
let ctx: TestContext;
let admin: string;
let revisor: string;
let foreign: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, revisor, foreign] = await Promise.all([ctx.login('admin'), ctx.login('revisor'), ctx.login('otra')]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const PT = { 'Accept-Language': 'pt-BR' };
const send = (method: string, path: string, body?: unknown, cookie = admin, headers?: Record<string, string>) =>
  ctx.request(method, `verificaciones/${path}`, { cookie, body, headers });
const lastEvent = async () => (await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1))[0];

const slab = {
  name: 'Losa — prueba',
  work_package: 'Obra gruesa',
  checkpoints: [
    { title: 'Enfierradura según plano', guidance: 'Diámetros y espaciamientos', evidence: 'foto' },
    { title: 'Cotas de nivel', guidance: '', evidence: 'ninguna' },
  ],
};

async function created(body: unknown, cookie = admin): Promise<ReceptionTemplate> {
  const res = await send('POST', 'plantillas', body, cookie);
  expect(res.status, res.text).toBe(201);
  return templateSchema.parse(res.json.data);
}

async function list(cookie = admin): Promise<ReceptionTemplate[]> {
  const res = await send('GET', 'plantillas', undefined, cookie);
  expect(res.status, res.text).toBe(200);
  return res.json.data.map((t: unknown) => templateSchema.parse(t));
}

describe('the demo seed', () => {
  it('answers the slab and the apartment-finishes templates, each named by six programmed receptions', async () => {
    const seeded = (await list(revisor)).filter((t) => t.name.endsWith('— losa') || t.name.endsWith('— departamento'));
    expect(seeded.map((t) => [t.name, t.work_package, t.checkpoints.length, t.reception_count])).toEqual([
      ['Obra gruesa — losa', 'Obra gruesa', 6, 6],
      ['Terminaciones — departamento', 'Terminaciones', 6, 6],
    ]);
    expect(new Set(seeded.flatMap((t) => t.checkpoints.map((c) => c.evidence))).size).toBe(4);
    const program = await ctx.db.select().from(receptions).where(eq(receptions.projectId, ctx.seed.projectIds[0]));
    expect(program).toHaveLength(12);
    expect(program.every((r) => r.state === 'programada')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(program.filter((r) => r.plannedStart < today).length).toBeGreaterThanOrEqual(5);
    expect(program.filter((r) => r.plannedStart > today).length).toBeGreaterThanOrEqual(5);
  });
});

describe('templates', () => {
  it('creates one, answers it and announces it to the company room', async () => {
    const template = await created(slab);
    expect(template).toMatchObject({
      name: 'Losa — prueba',
      work_package: 'Obra gruesa',
      active: true,
      reception_count: 0,
      checkpoints: [
        { title: 'Enfierradura según plano', guidance: 'Diámetros y espaciamientos', evidence: 'foto' },
        { title: 'Cotas de nivel', guidance: null, evidence: 'ninguna' },
      ],
    });
    const event = await lastEvent();
    expect(event).toMatchObject({ type: TEMPLATE_CHANGED_EVENT, companyId: ctx.seed.companyId, projectId: null });
    expect((event.payload as { action: string; data: unknown }).action).toBe('created');
    expect((event.payload as { data: unknown }).data).toEqual({ template_id: template.id });
    expect((await list()).find((t) => t.id === template.id)).toEqual(template);
  });

  it('keeps names unique per company in any case, in the caller’s language', async () => {
    await created({ ...slab, name: 'Muros — prueba' });
    const dup = await send('POST', 'plantillas', { ...slab, name: 'MUROS — PRUEBA' });
    expect(dup.status).toBe(422);
    expect(dup.json.fields).toEqual({ name: 'Ya existe una plantilla con ese nombre' });
    const ptDup = await send('POST', 'plantillas', { ...slab, name: 'muros — prueba' }, admin, PT);
    expect(ptDup.json.fields).toEqual({ name: 'Já existe um modelo com esse nome' });
    // Another company may use the same name.
    await created({ ...slab, name: 'Muros — prueba' }, foreign);
  });

  it('answers each field’s 422 in Spanish', async () => {
    const empty = await send('POST', 'plantillas', {});
    expect(empty.status).toBe(422);
    expect(empty.json.fields).toEqual({
      name: 'Este campo es obligatorio',
      work_package: 'Este campo es obligatorio',
      checkpoints: 'Valor inválido',
    });
    const bad = await send('POST', 'plantillas', {
      name: 'Dos  espacios',
      work_package: 'x'.repeat(121),
      checkpoints: [{ title: ' ', evidence: 'video' }],
    });
    expect(bad.json.fields).toEqual({
      name: 'No se permiten dos o más espacios seguidos',
      work_package: 'Debe tener como máximo 120 caracteres',
      'checkpoints.0.title': 'Este campo es obligatorio',
      'checkpoints.0.evidence': 'Valor inválido',
    });
    const none = await send('POST', 'plantillas', { ...slab, name: 'Sin puntos', checkpoints: [] });
    expect(none.json.fields).toEqual({ checkpoints: 'Este campo es obligatorio' });
    const many = Array.from({ length: 101 }, (_, i) => ({ title: `Punto ${i}`, evidence: 'ninguna' }));
    const tooMany = await send('POST', 'plantillas', { ...slab, name: 'Demasiados', checkpoints: many });
    expect(tooMany.json.fields).toEqual({ checkpoints: 'Se permiten como máximo 100 elementos' });
  });

  it('renames, replaces the checkpoints, deactivates, and lists active ones first then by name', async () => {
    const a = await created({ ...slab, name: 'Zócalo — prueba', work_package: 'Terminaciones' });
    const b = await created({ ...slab, name: 'Azotea — prueba' });
    const renamed = await send('PATCH', `plantillas/${a.id}`, { name: 'Baño — prueba' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(templateSchema.parse(renamed.json.data).name).toBe('Baño — prueba');
    expect((await send('PATCH', `plantillas/${a.id}`, { name: 'azotea — PRUEBA' })).json.fields).toEqual({
      name: 'Ya existe una plantilla con ese nombre',
    });
    // Its own name in another case is no clash.
    expect((await send('PATCH', `plantillas/${a.id}`, { name: 'BAÑO — prueba' })).status).toBe(200);

    const replaced = await send('PATCH', `plantillas/${a.id}`, {
      checkpoints: [{ title: 'Cerámicos alineados', guidance: null, evidence: 'foto_y_observacion' }],
    });
    expect(replaced.json.data.checkpoints).toEqual([
      { title: 'Cerámicos alineados', guidance: null, evidence: 'foto_y_observacion' },
    ]);
    expect(replaced.json.data.work_package).toBe('Terminaciones');

    const off = await send('PATCH', `plantillas/${b.id}`, { active: false });
    expect(off.json.data.active).toBe(false);
    expect((await lastEvent()).payload).toMatchObject({ action: 'deactivated', data: { template_id: b.id } });
    expect((await send('PATCH', `plantillas/${b.id}`, { active: 'no' })).json.fields).toEqual({
      active: 'Valor inválido',
    });

    const all = await list();
    const firstInactive = all.findIndex((t) => !t.active);
    expect(all.slice(firstInactive).every((t) => !t.active)).toBe(true);
    const activeNames = all.slice(0, firstInactive).map((t) => t.name.toLowerCase());
    expect(activeNames).toEqual([...activeNames].sort((x, y) => x.localeCompare(y, 'es')));
    expect(all.find((t) => t.id === b.id)?.active).toBe(false);

    // A PATCH sending nothing writes nothing.
    const before = await lastEvent();
    expect((await send('PATCH', `plantillas/${a.id}`, {})).status).toBe(200);
    expect((await lastEvent()).id).toBe(before.id);
  });

  it('counts the receptions of any project that name it', async () => {
    const template = await created({ ...slab, name: 'Contada — prueba' });
    const [p0, p1] = ctx.seed.projectIds;
    const base = { companyId: ctx.seed.companyId, templateId: template.id, plannedStart: '2026-01-05' };
    await ctx.db.insert(receptions).values([
      { ...base, projectId: p0, code: 'CNT-1', name: 'Uno', plannedEnd: '2026-01-06' },
      { ...base, projectId: p1, code: 'CNT-1', name: 'Dos', plannedEnd: '2026-01-07' },
    ]);
    expect((await list()).find((t) => t.id === template.id)?.reception_count).toBe(2);
    const patched = await send('PATCH', `plantillas/${template.id}`, { work_package: 'Obra gruesa — losas' });
    expect(patched.json.data).toMatchObject({ work_package: 'Obra gruesa — losas', reception_count: 2 });
  });

  it('lets only config_recepciones write; reading needs the module', async () => {
    const template = await created({ ...slab, name: 'Permisos — prueba' });
    expect((await send('GET', 'plantillas', undefined, revisor)).status).toBe(200);
    expect((await send('POST', 'plantillas', { ...slab, name: 'Revisor' }, revisor)).status).toBe(403);
    expect((await send('PATCH', `plantillas/${template.id}`, { active: false }, revisor)).status).toBe(403);
  });

  it('hides another company’s templates (404) and lists only the caller’s', async () => {
    const theirs = await created({ ...slab, name: 'Ajena — prueba' }, foreign);
    expect((await send('PATCH', `plantillas/${theirs.id}`, { active: false })).status).toBe(404);
    // Checked before the body: a bad body on a foreign id is still a 404.
    expect((await send('PATCH', `plantillas/${theirs.id}`, { name: '' })).status).toBe(404);
    expect((await send('PATCH', 'plantillas/99999999', { active: false })).status).toBe(404);
    expect((await send('PATCH', 'plantillas/abc', { active: false })).status).toBe(404);
    expect((await list()).some((t) => t.id === theirs.id)).toBe(false);
    expect((await list(foreign)).every((t) => t.name !== 'Losa — prueba')).toBe(true);
  });

  it('holds at most TEMPLATES_MAX per company', async () => {
    const { otherCompanyId } = ctx.seed;
    const held = await ctx.db.$count(receptionTemplates, eq(receptionTemplates.companyId, otherCompanyId));
    await ctx.db.insert(receptionTemplates).values(
      Array.from({ length: TEMPLATES_MAX - held }, (_, i) => ({
        companyId: otherCompanyId,
        name: `Plantilla ${i + 1}`,
        workPackage: 'Obra gruesa',
        checkpoints: [{ title: 'Punto', guidance: null, evidence: 'ninguna' as const }],
      })),
    );
    const full = await send('POST', 'plantillas', { ...slab, name: 'Una más' }, foreign);
    expect(full.status).toBe(422);
    expect(full.json.fields).toEqual({ name: 'La empresa admite como máximo 500 plantillas de recepción' });
    // Deactivating is how one is retired: it still counts.
    expect((await send('POST', 'plantillas', { ...slab, name: 'Una más' })).status).toBe(201);
  });
});
