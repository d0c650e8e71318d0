import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CBOX_LIMITS } from '#domain/cbox';
import {
  cboxFileItemSchema,
  cboxPartUrlsSchema,
  cboxUploadSchema,
  type CboxPartUrl,
  type CboxUpload,
} from '#domain/cbox-responses';
import { dataOf } from '#domain/responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import {
  cboxActivity,
  cboxFiles,
  cboxFolders,
  cboxSettings,
  cboxUploadParts,
  cboxUploads,
  cboxVersions,
  files,
  users,
} from '../../../db/schema/index.ts';
import type { LocalStorage } from '../../../storage/local.ts';
import { sweepExpiredUploads } from './sweep.ts';
import { partBytes, pdfOf, putPart, useTempStorage } from './test-helpers.ts';

let ctx: TestContext;
let storage: LocalStorage;
let cleanup: () => void;
let admin: string;
let supervisor: string;
let otra: string;
let supervisorFolder: number;
const PART = CBOX_LIMITS.partBytes;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  ({ storage, cleanup } = useTempStorage(ctx));
  [admin, supervisor, otra] = await Promise.all([ctx.login('admin'), ctx.login('supervisor'), ctx.login('otra')]);
  const [sup] = await ctx.db.select().from(users).where(eq(users.username, 'supervisor'));
  const [folder] = await ctx.db
    .insert(cboxFolders)
    .values({ companyId: ctx.seed.companyId, name: 'Obra gruesa', createdBy: sup.id })
    .returning();
  supervisorFolder = folder.id;
});
afterAll(async () => {
  cleanup?.();
  await ctx?.close();
});

let clock = 1_700_000_000_000;
/** A fresh lastModified per upload, so no test resumes another's session by accident. */
const lastModified = () => (clock += 1000);

async function start(cookie: string, body: Record<string, unknown>) {
  return ctx.request('POST', 'biblioteca/subidas', { cookie, body: { last_modified: lastModified(), ...body } });
}

async function urlsFor(cookie: string, id: string, parts: number[]): Promise<CboxPartUrl[]> {
  const res = await ctx.request('POST', `biblioteca/subidas/${id}/partes`, { cookie, body: { parts } });
  expect(res.status).toBe(200);
  return cboxPartUrlsSchema.parse(res.json).data;
}

/** Sends the given parts of `file`, answering their ETags by number. */
async function sendParts(cookie: string, upload: CboxUpload, file: Buffer, numbers: number[]) {
  const etags = new Map<number, string>();
  for (const { number, url, headers } of await urlsFor(cookie, upload.id, numbers)) {
    const res = await putPart(ctx, url, partBytes(file, upload, number), headers);
    expect(res.status, res.text).toBe(200);
    etags.set(number, res.etag!);
  }
  return etags;
}

async function uploadWhole(cookie: string, body: Record<string, unknown>, file: Buffer) {
  const created = await start(cookie, { size: file.length, ...body });
  expect(created.status, created.text).toBe(200);
  const upload: CboxUpload = created.json.data;
  const numbers = Array.from({ length: upload.part_count }, (_, i) => i + 1);
  const etags = await sendParts(cookie, upload, file, numbers);
  const parts = numbers.map((number) => ({ number, etag: etags.get(number)! }));
  return ctx.request('POST', `biblioteca/subidas/${upload.id}/completar`, { cookie, body: { parts } });
}

async function objectBytes(objectPath: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(objectPath)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('library uploads in parts (docs/api.md, Cbox subidas)', () => {
  it('parts go up, the session shows them after a reload, the rest follows and completes into the folder', async () => {
    const file = pdfOf(2 * PART + 1_000_000, 0x41);
    file.fill(0x42, PART, 2 * PART);
    const fingerprint = { name: 'Planos generales.pdf', size: file.length, last_modified: lastModified() };
    const created = await start(admin, fingerprint);
    expect(created.status, created.text).toBe(200);
    const upload: CboxUpload = cboxUploadSchema.parse(created.json).data;
    expect(upload).toMatchObject({ name: 'Planos generales.pdf', size: file.length, part_count: 3, parts_done: [] });

    const first = await sendParts(admin, upload, file, [1, 2]);
    // The page was reloaded: the same file posted again is the same session, with what is already stored.
    const again = await start(admin, fingerprint);
    expect(again.json.data.id).toBe(upload.id);
    const shown = await ctx.request('GET', `biblioteca/subidas/${upload.id}`, { cookie: admin });
    expect(shown.status).toBe(200);
    cboxUploadSchema.parse(shown.json);
    expect(shown.json.data.parts_done).toEqual([
      { number: 1, etag: first.get(1), size: PART },
      { number: 2, etag: first.get(2), size: PART },
    ]);
    expect(first.get(1)).toBe(`"${md5(partBytes(file, upload, 1))}"`);
    const recorded = await ctx.db.select().from(cboxUploadParts).where(eq(cboxUploadParts.uploadId, upload.id));
    expect(recorded.map((p) => p.number).sort()).toEqual([1, 2]);

    const last = await sendParts(admin, upload, file, [3]);
    const parts = [...first, ...last].map(([number, etag]) => ({ number, etag }));
    const done = await ctx.request('POST', `biblioteca/subidas/${upload.id}/completar`, {
      cookie: admin,
      body: { parts },
    });
    expect(done.status, done.text).toBe(200);
    dataOf(cboxFileItemSchema).parse(done.json);
    expect(done.json.data).toMatchObject({
      kind: 'file',
      name: 'Planos generales.pdf',
      size: file.length,
      version: 1,
      folder_id: null,
      extension: 'pdf',
    });
    expect(md5(await objectBytes(done.json.data.path))).toBe(md5(file));
    const [stored] = await ctx.db.select().from(files).where(eq(files.path, done.json.data.path));
    expect(stored).toMatchObject({ status: 'uploaded', entityType: 'cbox_file', entityId: done.json.data.id });
    expect(fs.existsSync(path.join(storage.root, '.multipart'))).toBe(true);
    expect(fs.readdirSync(path.join(storage.root, '.multipart'))).not.toContain(upload.id);
    const [activity] = await ctx.db.select().from(cboxActivity).where(eq(cboxActivity.cboxFileId, done.json.data.id));
    expect(activity.action).toBe('uploaded');
    // Finished: the session is no longer there to resume or complete again.
    expect((await ctx.request('GET', `biblioteca/subidas/${upload.id}`, { cookie: admin })).status).toBe(404);
  });

  it('a part sent again replaces the first one', async () => {
    const file = pdfOf(4000);
    const upload: CboxUpload = (await start(admin, { name: 'Reenviado.pdf', size: file.length })).json.data;
    const [{ url }] = await urlsFor(admin, upload.id, [1]);
    const wrong = Buffer.from(file);
    wrong[3000] = 0x58;
    expect((await putPart(ctx, url, wrong)).status).toBe(200);
    const right = await putPart(ctx, url, file);
    const shown = await ctx.request('GET', `biblioteca/subidas/${upload.id}`, { cookie: admin });
    expect(shown.json.data.parts_done).toEqual([{ number: 1, etag: right.etag, size: file.length }]);
  });

  it('a wrong ETag, a missing part or a short part is a 422', async () => {
    const file = pdfOf(PART + 5000);
    const upload: CboxUpload = (await start(admin, { name: 'Incompleto.pdf', size: file.length })).json.data;
    const etags = await sendParts(admin, upload, file, [1]);
    const complete = (parts: { number: number; etag: string }[]) =>
      ctx.request('POST', `biblioteca/subidas/${upload.id}/completar`, { cookie: admin, body: { parts } });
    const missing = await complete([
      { number: 1, etag: etags.get(1)! },
      { number: 2, etag: '"0"' },
    ]);
    expect(missing.status).toBe(422);
    expect(missing.json.code).toBe('parts_mismatch');
    expect((await complete([{ number: 1, etag: etags.get(1)! }])).status).toBe(422);
    // Part 2 shorter than announced: stored, but the whole would not be the announced size.
    const [{ url }] = await urlsFor(admin, upload.id, [2]);
    const short = await putPart(ctx, url, partBytes(file, upload, 2).subarray(0, 100));
    expect(short.status).toBe(200);
    const wrongSize = await complete([
      { number: 1, etag: etags.get(1)! },
      { number: 2, etag: short.etag! },
    ]);
    expect(wrongSize.status).toBe(422);
    const wrongEtag = await complete([
      { number: 1, etag: '"ffffffffffffffffffffffffffffffff"' },
      { number: 2, etag: short.etag! },
    ]);
    expect(wrongEtag.status).toBe(422);
    // A part over its signed size is refused.
    const over = await putPart(ctx, url, Buffer.concat([partBytes(file, upload, 2), Buffer.alloc(10)]));
    expect(over.status).toBe(413);
  });

  it('refuses before any byte: no extension, a foreign one, too large, over the quota', async () => {
    const noExt = await start(admin, { name: 'Leeme', size: 10 });
    expect(noExt.status).toBe(422);
    expect(JSON.stringify(noExt.json)).toContain('extensión');
    const unknown = await start(admin, { name: 'virus.xyz', size: 10 });
    expect(unknown.status).toBe(422);
    expect(unknown.json.code).toBe('invalid_extension');
    const tooLarge = await start(admin, { name: 'Enorme.pdf', size: CBOX_LIMITS.fileMaxBytes + 1 });
    expect(tooLarge.status).toBe(422);
    expect(JSON.stringify(tooLarge.json)).toContain('250 MB');
    await ctx.db.insert(cboxSettings).values({ companyId: ctx.seed.companyId, quotaBytes: 1000 });
    try {
      const over = await start(admin, { name: 'Cuota.pdf', size: 5000 });
      expect(over.status).toBe(422);
      expect(over.json.code).toBe('quota_exceeded');
    } finally {
      await ctx.db.delete(cboxSettings).where(eq(cboxSettings.companyId, ctx.seed.companyId));
    }
  });

  it('a name taken is a 409 `exists`; replace adds a version, keep both a second file', async () => {
    const v1 = pdfOf(3000, 0x31);
    const first = await uploadWhole(admin, { name: 'Contrato.pdf', folder_id: supervisorFolder }, v1);
    expect(first.status, first.text).toBe(200);
    const taken = await start(admin, { name: 'contrato.PDF', size: 3000, folder_id: supervisorFolder });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: 'exists' });
    expect(taken.json.message).toContain('contrato.PDF');

    const v2 = pdfOf(3500, 0x32);
    const replaced = await uploadWhole(
      admin,
      { name: 'Contrato.pdf', folder_id: supervisorFolder, on_conflict: 'replace' },
      v2,
    );
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.data).toMatchObject({ id: first.json.data.id, version: 2, size: 3500 });
    const versions = await ctx.db.select().from(cboxVersions).where(eq(cboxVersions.cboxFileId, first.json.data.id));
    expect(versions.map((v) => [v.version, v.size]).sort()).toEqual([
      [1, 3000],
      [2, 3500],
    ]);
    const log = await ctx.db
      .select()
      .from(cboxActivity)
      .where(and(eq(cboxActivity.cboxFileId, first.json.data.id), eq(cboxActivity.action, 'version_added')));
    expect(log).toHaveLength(1);

    const both = await uploadWhole(
      admin,
      { name: 'Contrato.pdf', folder_id: supervisorFolder, on_conflict: 'keep_both' },
      v1,
    );
    expect(both.status, both.text).toBe(200);
    expect(both.json.data).toMatchObject({ name: 'Contrato (1).pdf', version: 1 });
    expect(both.json.data.id).not.toBe(first.json.data.id);
  });

  it('content that is not what its extension says is refused at completion, and the session ends', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 0x90)]);
    const res = await uploadWhole(admin, { name: 'Manual.pdf' }, exe);
    expect(res.status).toBe(422);
    expect(await ctx.db.select().from(cboxFiles).where(eq(cboxFiles.name, 'Manual.pdf'))).toEqual([]);
  });

  it("only the uploader reaches a session: a colleague and another company's admin get 404", async () => {
    const file = pdfOf(2000);
    const upload: CboxUpload = (await start(supervisor, { name: 'Mio.pdf', size: 2000, folder_id: supervisorFolder }))
      .json.data;
    expect(upload.id).toBeTruthy();
    for (const cookie of [admin, otra]) {
      expect((await ctx.request('GET', `biblioteca/subidas/${upload.id}`, { cookie })).status).toBe(404);
      const urls = await ctx.request('POST', `biblioteca/subidas/${upload.id}/partes`, {
        cookie,
        body: { parts: [1] },
      });
      expect(urls.status).toBe(404);
      const done = await ctx.request('POST', `biblioteca/subidas/${upload.id}/completar`, {
        cookie,
        body: { parts: [{ number: 1, etag: '"x"' }] },
      });
      expect(done.status).toBe(404);
      expect((await ctx.request('DELETE', `biblioteca/subidas/${upload.id}`, { cookie })).status).toBe(404);
    }
    // otra cannot put a file into company 1's folder either.
    expect((await start(otra, { name: 'Ajeno.pdf', size: 10, folder_id: supervisorFolder })).status).toBe(404);
    // The root takes files from library administrators only.
    expect((await start(supervisor, { name: 'Raiz.pdf', size: 10 })).status).toBe(403);
    const etags = await sendParts(supervisor, upload, file, [1]);
    const done = await ctx.request('POST', `biblioteca/subidas/${upload.id}/completar`, {
      cookie: supervisor,
      body: { parts: [{ number: 1, etag: etags.get(1)! }] },
    });
    expect(done.status, done.text).toBe(200);
  });

  it('DELETE aborts: parts and the pending file row go', async () => {
    const file = pdfOf(3000);
    const upload: CboxUpload = (await start(admin, { name: 'Abortado.pdf', size: 3000 })).json.data;
    await sendParts(admin, upload, file, [1]);
    const [session] = await ctx.db.select().from(cboxUploads).where(eq(cboxUploads.id, upload.id));
    const res = await ctx.request('DELETE', `biblioteca/subidas/${upload.id}`, { cookie: admin });
    expect(res.json).toEqual({ data: { id: upload.id } });
    expect(await ctx.db.select().from(files).where(eq(files.id, session.fileId))).toEqual([]);
    expect(fs.existsSync(path.join(storage.root, '.multipart', session.storageUploadId))).toBe(false);
    expect((await ctx.request('GET', `biblioteca/subidas/${upload.id}`, { cookie: admin })).status).toBe(404);
  });

  it('purging a folder aborts the uploads still going into it, parts and all', async () => {
    const folder = (await ctx.request('POST', 'biblioteca/carpetas', { cookie: admin, body: { name: 'Se purga' } }))
      .json.data.id as number;
    const file = pdfOf(3000);
    const upload: CboxUpload = (await start(admin, { folder_id: folder, name: 'A medias.pdf', size: 3000 })).json.data;
    await sendParts(admin, upload, file, [1]);
    const [session] = await ctx.db.select().from(cboxUploads).where(eq(cboxUploads.id, upload.id));
    const selection = { folder_ids: [folder], file_ids: [] };
    expect((await ctx.request('POST', 'biblioteca/eliminar', { cookie: admin, body: selection })).status).toBe(200);
    expect((await ctx.request('POST', 'biblioteca/papelera/vaciar', { cookie: admin, body: selection })).status).toBe(
      200,
    );
    expect(await ctx.db.select().from(cboxUploads).where(eq(cboxUploads.id, upload.id))).toEqual([]);
    expect(await ctx.db.select().from(files).where(eq(files.id, session.fileId))).toEqual([]);
    expect(fs.existsSync(path.join(storage.root, '.multipart', session.storageUploadId))).toBe(false);
  });

  it('the sweep aborts sessions past their expiry and forgets finished ones', async () => {
    const file = pdfOf(3000);
    const upload: CboxUpload = (await start(admin, { name: 'Olvidado.pdf', size: 3000 })).json.data;
    await sendParts(admin, upload, file, [1]);
    const [session] = await ctx.db.select().from(cboxUploads).where(eq(cboxUploads.id, upload.id));
    const later = new Date(Date.now() + (CBOX_LIMITS.uploadSessionHours + 1) * 3_600_000);
    const result = await sweepExpiredUploads(ctx.deps, later);
    expect(result.aborted).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBe(0);
    expect(await ctx.db.select().from(cboxUploads).where(eq(cboxUploads.id, upload.id))).toEqual([]);
    expect(await ctx.db.select().from(files).where(eq(files.id, session.fileId))).toEqual([]);
    expect(fs.existsSync(path.join(storage.root, '.multipart', session.storageUploadId))).toBe(false);
    expect(result.forgotten).toBeGreaterThanOrEqual(1);
    expect(ctx.deps.registry.periodicTasks().map((t) => t.name)).toContain('cbox.upload_sweep');
  });

  it('a forged or expired part signature is refused', async () => {
    const upload: CboxUpload = (await start(admin, { name: 'Firmado.pdf', size: 3000 })).json.data;
    const [{ url }] = await urlsFor(admin, upload.id, [1]);
    const forged = new URL(url);
    forged.searchParams.set('X-Max-Bytes', String(PART * 2));
    expect((await putPart(ctx, forged.toString(), pdfOf(3000))).status).toBe(403);
    const otherPart = url.replace(/\/1\?/, '/2?');
    expect((await putPart(ctx, otherPart, pdfOf(3000))).status).toBe(403);
  });
});
