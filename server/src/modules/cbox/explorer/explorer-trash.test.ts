import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { cboxTrashSchema } from '#domain/cbox-responses';
import { CBOX_LIMITS } from '#domain/cbox';
import { cboxFiles, cboxFolders, files, outbox } from '../../../db/schema/index.ts';
import { storageOf } from '../../../storage/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { CBOX_TRASH_PURGE } from './purge.ts';
import { insertFile, insertFolder, insertVersion, shareWith, userIdOf } from './test/records.ts';

let ctx: TestContext;
let admin: string;
let ejecutivo: string;
let companyId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, ejecutivo] = await Promise.all(['admin', 'ejecutivo'].map((u) => ctx.login(u)));
  companyId = ctx.seed.companyId;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const base = 'biblioteca';
const get = (path: string, cookie = admin) => ctx.request('GET', `${base}/${path}`, { cookie });
const send = (path: string, body: unknown, cookie = admin, method = 'POST') =>
  ctx.request(method, `${base}/${path}`, { cookie, body });
const names = (res: { json: { data: { name: string }[] } }) => res.json.data.map((i) => i.name);

async function folderRow(id: number) {
  const [row] = await ctx.db.select().from(cboxFolders).where(eq(cboxFolders.id, id));
  return row;
}

describe('cbox explorer: move (docs/api.md, Cbox mover)', () => {
  it('moves folders and files together, logs where from and where to, and tells both folders', async () => {
    const from = await insertFolder(ctx.db, { companyId, name: 'Origen' });
    const to = await insertFolder(ctx.db, { companyId, name: 'Destino' });
    const sub = await insertFolder(ctx.db, { companyId, name: 'Sub', parentId: from });
    const file = await insertFile(ctx.db, { companyId, name: 'plano.pdf', folderId: from });
    const before = (await ctx.db.select().from(outbox)).length;
    const res = await send('mover', { folder_ids: [sub], file_ids: [file], target_id: to });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ moved: 2 });
    expect(names(await get(`contenido?folder_id=${to}`))).toEqual(['Sub', 'plano.pdf']);
    expect((await get(`contenido?folder_id=${from}`)).json.total).toBe(0);
    const activity = await get(`archivos/${file}/actividad`);
    expect(activity.json.data[0]).toMatchObject({ action: 'moved', detail: { from: 'Origen', to: 'Destino' } });
    const events = (await ctx.db.select().from(outbox)).slice(before);
    const folderIds = events.map((e) => (e.payload as { data: { folder_id: number } }).data.folder_id);
    expect(folderIds.sort()).toEqual([from, to].sort());
  });

  it('refuses a folder into itself or below it, and a name taken in the target, moving nothing', async () => {
    const top = await insertFolder(ctx.db, { companyId, name: 'Arriba' });
    const below = await insertFolder(ctx.db, { companyId, name: 'Abajo', parentId: top });
    const intoItself = await send('mover', { folder_ids: [top], file_ids: [], target_id: below });
    expect(intoItself.status).toBe(422);
    expect(intoItself.json.message).toBe('Una carpeta no puede moverse dentro de sí misma');
    expect((await send('mover', { folder_ids: [top], file_ids: [], target_id: top })).status).toBe(422);
    const target = await insertFolder(ctx.db, { companyId, name: 'Con nombres' });
    await insertFile(ctx.db, { companyId, name: 'Acta.pdf', folderId: target });
    const free = await insertFile(ctx.db, { companyId, name: 'libre.pdf', folderId: top });
    const clash = await insertFile(ctx.db, { companyId, name: 'acta.PDF', folderId: top });
    const refused = await send('mover', { folder_ids: [], file_ids: [free, clash], target_id: target });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('acta.PDF');
    expect(names(await get(`contenido?folder_id=${target}`))).toEqual(['Acta.pdf']);
  });

  it('needs can-edit on the target too', async () => {
    const mine = await insertFolder(ctx.db, {
      companyId,
      name: 'Mía',
      createdBy: await userIdOf(ctx.db, companyId, 'ejecutivo'),
    });
    const readOnly = await insertFolder(ctx.db, { companyId, name: 'Solo lectura' });
    await shareWith(ctx.db, { companyId, userId: await userIdOf(ctx.db, companyId, 'ejecutivo'), folderId: readOnly });
    const res = await send('mover', { folder_ids: [mine], file_ids: [], target_id: readOnly }, ejecutivo);
    expect(res.status).toBe(403);
  });

  it('lets an editor move within the tree they were given, never out of it into a folder of their own', async () => {
    const me = await userIdOf(ctx.db, companyId, 'ejecutivo');
    const theirs = await insertFolder(ctx.db, { companyId, name: 'Ajena' });
    const inner = await insertFolder(ctx.db, { companyId, name: 'Interior', parentId: theirs });
    const file = await insertFile(ctx.db, { companyId, name: 'contrato.pdf', folderId: theirs });
    await shareWith(ctx.db, { companyId, userId: me, folderId: theirs, canEdit: true });
    const mine = await insertFolder(ctx.db, { companyId, name: 'Propia', createdBy: me });
    const within = await send('mover', { folder_ids: [], file_ids: [file], target_id: inner }, ejecutivo);
    expect(within.status).toBe(200);
    const out = await send('mover', { folder_ids: [inner], file_ids: [], target_id: mine }, ejecutivo);
    expect(out.status).toBe(403);
    expect(out.json.message).toContain('Solo quien lo creó');
    expect((await send('mover', { folder_ids: [inner], file_ids: [], target_id: null }, ejecutivo)).status).toBe(403);
    // What they created themselves goes wherever they may edit.
    expect((await send('mover', { folder_ids: [mine], file_ids: [], target_id: inner }, ejecutivo)).status).toBe(200);
  });
});

describe('cbox explorer: trash', () => {
  it('deletes a folder with its subtree, lists it once with its size, and restores it whole', async () => {
    const top = await insertFolder(ctx.db, { companyId, name: 'Obra gruesa' });
    const inner = await insertFolder(ctx.db, { companyId, name: 'Fotos', parentId: top });
    const a = await insertFile(ctx.db, { companyId, name: 'a.pdf', folderId: inner, size: 1500 });
    await insertFile(ctx.db, { companyId, name: 'b.pdf', folderId: top, size: 500 });
    const del = await send('eliminar', { folder_ids: [top], file_ids: [] });
    expect(del.json.data).toEqual({ deleted: 1 });
    expect((await get(`carpetas/${inner}`)).status).toBe(404);
    expect((await get(`archivos/${a}`)).status).toBe(404);
    expect((await folderRow(inner)).trashRoot).toBe(false);
    const trash = cboxTrashSchema.parse((await get('papelera')).json);
    const entry = trash.data.find((e) => e.id === top && e.kind === 'folder')!;
    expect(entry).toMatchObject({ name: 'Obra gruesa', size: 2000, trail: [] });
    expect(new Date(entry.purge_at).getTime() - new Date(entry.deleted_at).getTime()).toBe(
      CBOX_LIMITS.trashDays * 86_400_000,
    );
    expect(trash.data.some((e) => e.id === inner)).toBe(false);
    expect((await send('papelera/restaurar', { folder_ids: [top], file_ids: [] })).json.data).toEqual({ restored: 1 });
    expect(names(await get(`contenido?folder_id=${inner}`))).toEqual(['a.pdf']);
    expect(names(await get(`contenido?folder_id=${top}`))).toEqual(['Fotos', 'b.pdf']);
  });

  it('leaves inside the trash what was deleted before its folder, when the folder comes back', async () => {
    const top = await insertFolder(ctx.db, { companyId, name: 'Antes' });
    const early = await insertFile(ctx.db, { companyId, name: 'antes.pdf', folderId: top });
    await insertFile(ctx.db, { companyId, name: 'despues.pdf', folderId: top });
    await send('eliminar', { folder_ids: [], file_ids: [early] });
    await send('eliminar', { folder_ids: [top], file_ids: [] });
    await send('papelera/restaurar', { folder_ids: [top], file_ids: [] });
    expect(names(await get(`contenido?folder_id=${top}`))).toEqual(['despues.pdf']);
    // Its folder is back: it returns there.
    await send('papelera/restaurar', { folder_ids: [], file_ids: [early] });
    expect(names(await get(`contenido?folder_id=${top}`))).toEqual(['antes.pdf', 'despues.pdf']);
  });

  it('restores at the root when the folder is gone, with a keep-both name on a collision', async () => {
    const holder = await insertFolder(ctx.db, { companyId, name: 'Contenedor' });
    const file = await insertFile(ctx.db, { companyId, name: 'Presupuesto.xlsx', folderId: holder });
    await send('eliminar', { folder_ids: [], file_ids: [file] });
    await send('eliminar', { folder_ids: [holder], file_ids: [] });
    await insertFile(ctx.db, { companyId, name: 'presupuesto.xlsx' });
    const trail = cboxTrashSchema.parse((await get('papelera')).json).data.find((e) => e.id === file)!.trail;
    expect(trail).toEqual([]);
    await send('papelera/restaurar', { folder_ids: [], file_ids: [file] });
    const [row] = await ctx.db.select().from(cboxFiles).where(eq(cboxFiles.id, file));
    expect(row).toMatchObject({ folderId: null, name: 'Presupuesto (1).xlsx', deletedAt: null, trashRoot: false });
    const again = await insertFolder(ctx.db, { companyId, name: 'Repetida' });
    await send('eliminar', { folder_ids: [again], file_ids: [] });
    await insertFolder(ctx.db, { companyId, name: 'Repetida' });
    await send('papelera/restaurar', { folder_ids: [again], file_ids: [] });
    expect((await folderRow(again)).name).toBe('Repetida (1)');
  });

  it("shows each person their own deletions (administrators: all), and 404s another's", async () => {
    const ejecutivoId = await userIdOf(ctx.db, companyId, 'ejecutivo');
    const mine = await insertFolder(ctx.db, { companyId, name: 'De ejecutivo', createdBy: ejecutivoId });
    expect((await send('eliminar', { folder_ids: [mine], file_ids: [] }, ejecutivo)).status).toBe(200);
    const adminsOwn = await insertFolder(ctx.db, { companyId, name: 'De admin' });
    await send('eliminar', { folder_ids: [adminsOwn], file_ids: [] });
    const theirs = await get('papelera', ejecutivo);
    expect(theirs.json.data.map((e: { id: number }) => e.id)).toEqual([mine]);
    expect(theirs.json.data[0].deleted_by.name).toEqual(expect.any(String));
    expect((await get('papelera')).json.data.map((e: { id: number }) => e.id)).toEqual(
      expect.arrayContaining([mine, adminsOwn]),
    );
    expect((await send('papelera/restaurar', { folder_ids: [adminsOwn], file_ids: [] }, ejecutivo)).status).toBe(404);
    expect((await send('papelera/vaciar', { folder_ids: [adminsOwn], file_ids: [] }, ejecutivo)).status).toBe(404);
    // A live folder is not a trash entry.
    const live = await insertFolder(ctx.db, { companyId, name: 'Viva' });
    expect((await send('papelera/vaciar', { folder_ids: [live], file_ids: [] })).status).toBe(404);
  });

  it('empties entries for good: rows, every version and their stored bytes', async () => {
    const storage = storageOf(ctx.deps);
    const top = await insertFolder(ctx.db, { companyId, name: 'Para vaciar' });
    const file = await insertFile(ctx.db, { companyId, name: 'v.pdf', folderId: top });
    const second = await insertVersion(ctx.db, companyId, file, 10);
    await storage.writeSmall(second.path, Buffer.from('0123456789'), 'application/pdf');
    const storedIds = (await ctx.db.select().from(files).where(eq(files.entityId, file))).map((f) => f.id);
    expect(storedIds).toHaveLength(2);
    expect(await storage.stat(second.path)).toBeDefined();
    await send('eliminar', { folder_ids: [top], file_ids: [] });
    expect((await send('papelera/vaciar', { folder_ids: [top], file_ids: [] })).json.data).toEqual({ purged: 1 });
    expect(await folderRow(top)).toBeUndefined();
    expect(await ctx.db.select().from(cboxFiles).where(eq(cboxFiles.id, file))).toEqual([]);
    expect(await ctx.db.select().from(files).where(inArray(files.id, storedIds))).toEqual([]);
    expect(await storage.stat(second.path)).toBeUndefined();
  });

  it('purges what waited longer than the trash days, and nothing newer', async () => {
    const old = await insertFolder(ctx.db, { companyId, name: 'Vieja' });
    const oldFile = await insertFile(ctx.db, { companyId, name: 'vieja.pdf', folderId: old });
    const recent = await insertFile(ctx.db, { companyId, name: 'reciente.pdf' });
    await send('eliminar', { folder_ids: [old], file_ids: [recent] });
    const later = new Date(Date.now() + (CBOX_LIMITS.trashDays + 1) * 86_400_000);
    await ctx.db.update(cboxFiles).set({ deletedAt: new Date() }).where(eq(cboxFiles.id, recent));
    const done = await CBOX_TRASH_PURGE.run(ctx.deps, new Date(Date.now() + 10 * 86_400_000));
    expect(done).toEqual({ purged: 0 });
    // Thirty-one days on, the folder's entry goes, the file deleted "today" stays.
    await ctx.db.update(cboxFiles).set({ deletedAt: later }).where(eq(cboxFiles.id, recent));
    const purged = await CBOX_TRASH_PURGE.run(ctx.deps, later);
    expect(purged.purged).toBeGreaterThanOrEqual(1);
    expect(await folderRow(old)).toBeUndefined();
    expect(await ctx.db.select().from(cboxFiles).where(eq(cboxFiles.id, oldFile))).toEqual([]);
    expect(await ctx.db.select().from(cboxFiles).where(eq(cboxFiles.id, recent))).toHaveLength(1);
  });
});

describe('cbox explorer: versions', () => {
  it('restores an old version as a new current one, keeping the history', async () => {
    const file = await insertFile(ctx.db, { companyId, name: 'memoria.pdf', size: 111 });
    await insertVersion(ctx.db, companyId, file, 222);
    const detail = (await get(`archivos/${file}`)).json.data;
    expect(detail.versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const first = detail.versions[1];
    const res = await send(`archivos/${file}/versiones/${first.id}/restaurar`, {});
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ version: 3, size: 111, path: first.path });
    const after = (await get(`archivos/${file}`)).json.data.versions;
    expect(after.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(after[0].path).toBe(first.path);
    expect((await get(`archivos/${file}/actividad`)).json.data[0]).toMatchObject({
      action: 'version_restored',
      detail: { restored: 1, version: 3 },
    });
    const otherFile = await insertFile(ctx.db, { companyId, name: 'ajeno.pdf' });
    expect((await send(`archivos/${otherFile}/versiones/${first.id}/restaurar`, {})).status).toBe(404);
  });
});
