import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { dataOf } from '#domain/responses';
import { cboxFileItemSchema } from '#domain/cbox-responses';
import {
  cboxActivity,
  cboxFiles,
  cboxSettings,
  cboxVersions,
  files,
  outbox,
  tickets,
} from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import {
  PNG,
  makeFolder,
  makeLibraryFile,
  readStored,
  shareFolder,
  uploadPhoto,
  userId,
} from '../test/copy-fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let admin: string;
let supervisor: string;
let agente: string;
let otra: string;
let adminId: number;
let supervisorId: number;
let ticketId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, supervisor, agente, otra] = await Promise.all(
    ['admin', 'supervisor', 'agente', 'otra'].map((u) => ctx.login(u)),
  );
  adminId = await userId(ctx, 'admin');
  supervisorId = await userId(ctx, 'supervisor');
  const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.companyId, ctx.seed.companyId)).limit(1);
  ticketId = ticket.id;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const copyOf = (cookie: string, id: number, body: unknown = {}) =>
  ctx.request('POST', `biblioteca/archivos/${id}/copia`, { cookie, body });
const save = (cookie: string, body: unknown) => ctx.request('POST', 'biblioteca/guardar', { cookie, body });
const fileRow = async (path: string) => (await ctx.db.select().from(files).where(eq(files.path, path)))[0];

describe('POST biblioteca/archivos/{id}/copia: a library file picked in an uploader (docs/product.md §1)', () => {
  it('is a fresh upload of the caller that a ticket message attaches like any other', async () => {
    const folder = await makeFolder(ctx, 'Planos', adminId);
    const { file, stored } = await makeLibraryFile(ctx, {
      name: 'Fachada.png',
      folderId: folder.id,
      createdBy: adminId,
    });
    const res = await copyOf(admin, file.id);
    expect(res.status).toBe(201);
    const copy = res.json.data;
    expect(copy).toMatchObject({ name: 'Fachada.png', extension: 'png', size: PNG.length, type: 'image/png' });
    expect(copy.path).not.toBe(stored.path);
    expect(copy.url_thumbnail).not.toBeNull();
    expect(await fileRow(copy.path)).toMatchObject({
      status: 'uploaded',
      context: 'general',
      uploadedBy: adminId,
      entityType: null,
    });
    expect((await readStored(ctx, admin, copy.path)).bytes.equals(PNG)).toBe(true);

    const message = await ctx.request('POST', `postventa/solicitudes/${ticketId}/mensajes`, {
      cookie: admin,
      body: { body: 'Adjunto el plano de la fachada', attachments: [copy] },
    });
    expect(message.status).toBe(201);
    expect(await fileRow(copy.path)).toMatchObject({ entityType: 'ticket', entityId: ticketId });
    // The library's own record is untouched: still the library file's current version.
    expect(await fileRow(stored.path)).toMatchObject({ entityType: 'cbox_file', entityId: file.id });
    const [logged] = await ctx.db
      .select()
      .from(cboxActivity)
      .where(eq(cboxActivity.cboxFileId, file.id))
      .orderBy(desc(cboxActivity.id))
      .limit(1);
    expect(logged).toMatchObject({ action: 'downloaded', actorId: adminId, detail: { copied_to: 'attachment' } });
  });

  it('is a 404 for a user without a level on the file, for another company, and for an unknown id', async () => {
    const folder = await makeFolder(ctx, 'Privada', adminId);
    const { file } = await makeLibraryFile(ctx, { name: 'Contrato.pdf', folderId: folder.id, createdBy: adminId });
    expect((await copyOf(supervisor, file.id)).status).toBe(404);
    expect((await copyOf(otra, file.id)).status).toBe(404);
    expect((await copyOf(admin, 2_000_000_000)).status).toBe(404);
    // Any level will do: a share that only lets them download.
    await shareFolder(ctx, folder.id, supervisorId);
    expect((await copyOf(supervisor, file.id)).status).toBe(201);
  });

  it('refuses a file over the attachments’ limit, with the limit in the message', async () => {
    const { file } = await makeLibraryFile(ctx, {
      name: 'Video obra.png',
      folderId: null,
      createdBy: adminId,
      size: 21 * 1024 * 1024,
    });
    const res = await copyOf(admin, file.id);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'too_large' });
    expect(res.json.message).toContain('20 MB');
  });

  it('keeps the uploader’s batch rules: the same file twice is a duplicate, and the batch holds five', async () => {
    const folder = await makeFolder(ctx, 'Lote', adminId);
    const made = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        makeLibraryFile(ctx, { name: `Foto ${n}.png`, folderId: folder.id, createdBy: adminId, bytes: PNG }),
      ),
    );
    const batch = 'ubatchcopies1';
    expect((await copyOf(admin, made[0].file.id, { batch })).status).toBe(201);
    const again = await copyOf(admin, made[0].file.id, { batch });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ code: 'duplicate' });
    for (const m of made.slice(1, 5)) expect((await copyOf(admin, m.file.id, { batch })).status).toBe(201);
    const sixth = await copyOf(admin, made[5].file.id, { batch });
    expect(sixth.status).toBe(422);
    expect(sixth.json).toMatchObject({ code: 'max_files' });
    // Outside that uploader the file copies again.
    expect((await copyOf(admin, made[0].file.id)).status).toBe(201);
  });
});

describe('POST biblioteca/guardar: an attachment kept in the library (docs/product.md §1)', () => {
  it('copies a ticket photo the caller can read into the folder, as version 1, keeping both names', async () => {
    const photo = await uploadPhoto(ctx, agente, 'Grieta.png');
    const message = await ctx.request('POST', `postventa/solicitudes/${ticketId}/mensajes`, {
      cookie: agente,
      body: { body: 'Foto de la grieta', attachments: [photo] },
    });
    expect(message.status).toBe(201);
    const folder = await makeFolder(ctx, 'Postventa', adminId);
    await makeLibraryFile(ctx, { name: 'grieta.png', folderId: folder.id, createdBy: adminId });

    const res = await save(admin, { path: photo.path, folder_id: folder.id });
    expect(res.status).toBe(201);
    expect(dataOf(cboxFileItemSchema).parse(res.json)).toEqual(res.json);
    const item = res.json.data;
    expect(item).toMatchObject({ name: 'Grieta (1).png', folder_id: folder.id, version: 1, size: PNG.length });
    expect(item.path).not.toBe(photo.path);
    expect(item.url_thumbnail).not.toBeNull();
    expect(item.levels).toContain('can-edit');
    expect((await readStored(ctx, admin, item.path)).bytes.equals(PNG)).toBe(true);

    const [row] = await ctx.db.select().from(cboxFiles).where(eq(cboxFiles.id, item.id));
    expect(await fileRow(item.path)).toMatchObject({
      id: row.fileId,
      entityType: 'cbox_file',
      entityId: item.id,
      context: 'library',
    });
    const versions = await ctx.db.select().from(cboxVersions).where(eq(cboxVersions.cboxFileId, item.id));
    expect(versions).toMatchObject([{ version: 1, fileId: row.fileId, size: PNG.length }]);
    const [logged] = await ctx.db.select().from(cboxActivity).where(eq(cboxActivity.cboxFileId, item.id));
    expect(logged).toMatchObject({ action: 'uploaded', actorId: adminId, detail: { from: 'attachment' } });
    // The ticket keeps its own photo.
    expect(await fileRow(photo.path)).toMatchObject({ entityType: 'ticket', entityId: ticketId });
    const [event] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(event.type).toBe('cbox.changed');
  });

  it('is a 404 for a file the caller cannot read (someone else’s unattached upload, or unknown)', async () => {
    const folder = await makeFolder(ctx, 'Ajenos', adminId);
    const theirs = await uploadPhoto(ctx, agente, 'borrador.png');
    expect((await save(admin, { path: theirs.path, folder_id: folder.id })).status).toBe(404);
    expect((await save(otra, { path: theirs.path, folder_id: null })).status).toBe(404);
    expect((await save(admin, { path: '1/2026/01/nada.png', folder_id: folder.id })).status).toBe(404);
  });

  it('needs can-edit on the folder (403), and a folder the caller sees (404)', async () => {
    const folder = await makeFolder(ctx, 'Solo lectura', adminId);
    const mine = await uploadPhoto(ctx, supervisor, 'mia.png');
    expect((await save(supervisor, { path: mine.path, folder_id: folder.id })).status).toBe(404);
    await shareFolder(ctx, folder.id, supervisorId);
    expect((await save(supervisor, { path: mine.path, folder_id: folder.id })).status).toBe(403);
    // The root takes files from administrators only.
    expect((await save(supervisor, { path: mine.path, folder_id: null })).status).toBe(403);
    const editable = await makeFolder(ctx, 'Compartida', adminId);
    await shareFolder(ctx, editable.id, supervisorId, { canEdit: true });
    expect((await save(supervisor, { path: mine.path, folder_id: editable.id })).status).toBe(201);
  });

  it('refuses a copy that would pass the library’s quota (422)', async () => {
    const folder = await makeFolder(ctx, 'Cuota', adminId);
    const photo = await uploadPhoto(ctx, admin, 'cuota.png');
    await ctx.db.insert(cboxSettings).values({ companyId: ctx.seed.companyId, quotaBytes: 1 });
    try {
      const res = await save(admin, { path: photo.path, folder_id: folder.id });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: 'quota_exceeded' });
      const inFolder = await ctx.db
        .select()
        .from(cboxFiles)
        .where(and(eq(cboxFiles.folderId, folder.id)));
      expect(inFolder).toEqual([]);
    } finally {
      await ctx.db.delete(cboxSettings).where(eq(cboxSettings.companyId, ctx.seed.companyId));
    }
  });
});
