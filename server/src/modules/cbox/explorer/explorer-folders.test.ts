import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cboxFileDetailSchema, cboxFolderDetailSchema, cboxListingSchema } from '#domain/cbox-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { insertFile, insertFolder, shareWith, userIdOf } from './test/records.ts';

let ctx: TestContext;
let admin: string;
let ejecutivo: string;
let revisor: string;
let other: string;
let companyId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, ejecutivo, revisor, other] = await Promise.all(
    ['admin', 'ejecutivo', 'revisor', 'otra'].map((u) => ctx.login(u)),
  );
  companyId = ctx.seed.companyId;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const base = 'biblioteca';
const get = (path: string, cookie = admin) => ctx.request('GET', `${base}/${path}`, { cookie });
const send = (method: string, path: string, body: unknown, cookie = admin) =>
  ctx.request(method, `${base}/${path}`, { cookie, body });
const names = (res: { json: { data: { name: string }[] } }) => res.json.data.map((i) => i.name);

describe('cbox explorer: folders (docs/api.md, Cbox)', () => {
  it('creates a folder at the root and inside one, and refuses a name taken (any case) with a 409', async () => {
    const made = await send('POST', 'carpetas', { name: 'Contratos' });
    expect(made.status).toBe(201);
    expect(made.json.data).toMatchObject({ kind: 'folder', name: 'Contratos', folder_id: null, item_count: 0 });
    expect(made.json.data.levels).toEqual(['can-download', 'can-edit', 'can-share']);
    const inside = await send('POST', 'carpetas', { name: '2026', parent_id: made.json.data.id });
    expect(inside.status).toBe(201);
    expect(inside.json.data.folder_id).toBe(made.json.data.id);
    const again = await send('POST', 'carpetas', { name: 'contratos' });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('contratos');
    expect((await send('POST', 'carpetas', { name: 'a/b' })).status).toBe(422);
    const detail = await get(`carpetas/${inside.json.data.id}`);
    expect(cboxFolderDetailSchema.parse(detail.json).data.trail).toEqual([
      { id: made.json.data.id, name: 'Contratos' },
    ]);
    expect((await get(`carpetas/${made.json.data.id}`)).json.data.folder.item_count).toBe(1);
  });

  it('renames a folder, keeping names unique in its folder', async () => {
    const a = (await send('POST', 'carpetas', { name: 'Planos viejos' })).json.data;
    await send('POST', 'carpetas', { name: 'Planos nuevos' });
    const renamed = await send('PATCH', `carpetas/${a.id}`, { name: 'Planos 2025' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data.name).toBe('Planos 2025');
    const taken = await send('PATCH', `carpetas/${a.id}`, { name: 'PLANOS NUEVOS' });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toContain('PLANOS NUEVOS');
  });

  it('renames a file only within its extension', async () => {
    const folder = await insertFolder(ctx.db, { companyId, name: 'Renombres' });
    const file = await insertFile(ctx.db, { companyId, name: 'informe.pdf', folderId: folder });
    await insertFile(ctx.db, { companyId, name: 'otro.pdf', folderId: folder });
    const ok = await send('PATCH', `archivos/${file}`, { name: 'Informe final.PDF' });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ name: 'Informe final.PDF', extension: 'pdf' });
    const changed = await send('PATCH', `archivos/${file}`, { name: 'informe.docx' });
    expect(changed.status).toBe(422);
    expect(changed.json.fields.name).toBe('El nombre debe mantener la extensión .pdf del archivo');
    expect((await send('PATCH', `archivos/${file}`, { name: 'Otro.pdf' })).status).toBe(409);
    const detail = cboxFileDetailSchema.parse((await get(`archivos/${file}`)).json).data;
    expect(detail.trail).toEqual([{ id: folder, name: 'Renombres' }]);
    const activity = await get(`archivos/${file}/actividad`);
    expect(activity.json.data[0]).toMatchObject({
      action: 'renamed',
      detail: { from: 'informe.pdf', to: 'Informe final.PDF' },
      actor: { name: expect.any(String) },
    });
  });
});

describe('cbox explorer: a folder listing', () => {
  let folder: number;
  beforeAll(async () => {
    folder = await insertFolder(ctx.db, { companyId, name: 'Listado' });
    await insertFolder(ctx.db, { companyId, name: 'zeta', parentId: folder });
    await insertFolder(ctx.db, { companyId, name: 'Alfa', parentId: folder });
    await insertFile(ctx.db, { companyId, name: 'b.pdf', folderId: folder, size: 300 });
    await insertFile(ctx.db, { companyId, name: 'A.png', folderId: folder, size: 100 });
    await insertFile(ctx.db, { companyId, name: 'c.docx', folderId: folder, size: 200 });
  });

  it('puts folders first, then files, sorted and ordered as asked', async () => {
    const byName = await get(`contenido?folder_id=${folder}`);
    expect(cboxListingSchema.parse(byName.json).total).toBe(5);
    expect(names(byName)).toEqual(['Alfa', 'zeta', 'A.png', 'b.pdf', 'c.docx']);
    expect(names(await get(`contenido?folder_id=${folder}&order=desc`))).toEqual([
      'zeta',
      'Alfa',
      'c.docx',
      'b.pdf',
      'A.png',
    ]);
    expect(names(await get(`contenido?folder_id=${folder}&sort=size`)).slice(2)).toEqual(['A.png', 'c.docx', 'b.pdf']);
    expect(names(await get(`contenido?folder_id=${folder}&sort=type`)).slice(2)).toEqual(['c.docx', 'b.pdf', 'A.png']);
  });

  it('filters by type and by date, and pages', async () => {
    expect(names(await get(`contenido?folder_id=${folder}&type=folder`))).toEqual(['Alfa', 'zeta']);
    expect(names(await get(`contenido?folder_id=${folder}&type=image`))).toEqual(['A.png']);
    expect((await get(`contenido?folder_id=${folder}&from=2000-01-01&to=2000-12-31`)).json.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`contenido?folder_id=${folder}&from=${today}&to=${today}`)).json.total).toBe(5);
    const page2 = await get(`contenido?folder_id=${folder}&rowsPerPage=2&page=2`);
    expect(page2.json).toMatchObject({ current_page: 2, total: 5, has_more: true, rowsPerPage: 2 });
    expect(names(page2)).toEqual(['A.png', 'b.pdf']);
    expect((await get(`contenido?folder_id=${folder}&rowsPerPage=2&page=9`)).json).toMatchObject({
      data: [],
      total: 5,
    });
    expect((await get(`contenido?folder_id=${folder}&sort=owner`)).status).toBe(422);
  });
});

describe('cbox explorer: levels (docs/product.md §6)', () => {
  let folder: number;
  let file: number;
  let child: number;
  beforeAll(async () => {
    folder = await insertFolder(ctx.db, { companyId, name: 'Compartida' });
    child = await insertFolder(ctx.db, { companyId, name: 'Dentro', parentId: folder });
    file = await insertFile(ctx.db, { companyId, name: 'leer.pdf', folderId: folder });
    await shareWith(ctx.db, { companyId, userId: await userIdOf(ctx.db, companyId, 'ejecutivo'), folderId: folder });
  });

  it('a user with can-download sees the folder and what is in it, with that level only', async () => {
    const listed = await get(`contenido?folder_id=${folder}`, ejecutivo);
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((i: { levels: string[] }) => i.levels)).toEqual([['can-download'], ['can-download']]);
    expect((await get(`carpetas/${child}`, ejecutivo)).json.data.folder.levels).toEqual(['can-download']);
    expect((await get(`archivos/${file}`, ejecutivo)).status).toBe(200);
    expect((await get(`archivos/${file}/actividad`, ejecutivo)).status).toBe(200);
  });

  it('but gets a 403 on rename, move, delete and creating inside', async () => {
    expect((await send('PATCH', `carpetas/${child}`, { name: 'X' }, ejecutivo)).status).toBe(403);
    expect((await send('PATCH', `archivos/${file}`, { name: 'x.pdf' }, ejecutivo)).status).toBe(403);
    expect((await send('POST', 'carpetas', { name: 'X', parent_id: folder }, ejecutivo)).status).toBe(403);
    expect((await send('POST', 'eliminar', { folder_ids: [child], file_ids: [] }, ejecutivo)).status).toBe(403);
    expect(
      (await send('POST', 'mover', { folder_ids: [], file_ids: [file], target_id: child }, ejecutivo)).status,
    ).toBe(403);
  });

  it('a user without a grant, and another company, get 404 on every id', async () => {
    for (const cookie of [revisor, other]) {
      expect((await get(`contenido?folder_id=${folder}`, cookie)).status).toBe(404);
      expect((await get(`carpetas/${child}`, cookie)).status).toBe(404);
      expect((await get(`archivos/${file}`, cookie)).status).toBe(404);
      expect((await get(`archivos/${file}/actividad`, cookie)).status).toBe(404);
      expect((await send('PATCH', `carpetas/${child}`, { name: 'X' }, cookie)).status).toBe(404);
      expect((await send('PATCH', `archivos/${file}`, { name: 'x.pdf' }, cookie)).status).toBe(404);
      expect((await send('POST', 'carpetas', { name: 'X', parent_id: folder }, cookie)).status).toBe(404);
      expect((await send('POST', 'eliminar', { folder_ids: [folder], file_ids: [] }, cookie)).status).toBe(404);
      expect((await send('POST', 'mover', { folder_ids: [], file_ids: [file], target_id: null }, cookie)).status).toBe(
        404,
      );
      expect((await send('POST', 'papelera/restaurar', { folder_ids: [folder], file_ids: [] }, cookie)).status).toBe(
        404,
      );
    }
  });

  it("adds a child's own grant to what the folder gives", async () => {
    await shareWith(ctx.db, {
      companyId,
      userId: await userIdOf(ctx.db, companyId, 'ejecutivo'),
      fileId: file,
      canEdit: true,
    });
    const listed = await get(`contenido?folder_id=${folder}`, ejecutivo);
    expect(listed.json.data.find((i: { id: number; kind: string }) => i.kind === 'file').levels).toEqual([
      'can-download',
      'can-edit',
    ]);
    expect((await send('PATCH', `archivos/${file}`, { name: 'leído.pdf' }, ejecutivo)).status).toBe(200);
  });
});
