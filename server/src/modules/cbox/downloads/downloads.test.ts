import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { storageOf } from '../../../storage/index.ts';
import { cboxActivity, cboxFolders } from '../../../db/schema/index.ts';
import { makeFile, makeFolder, raw, userId, useTempStorage } from '../test/sharingFixtures.ts';

/** GET biblioteca/archivos/{id}/descarga and GET biblioteca/zip (docs/api.md, Cbox). */
let ctx: TestContext;
let cleanup: () => void;
let admin: string;
let obra: { id: number };
let planos: { id: number };
let plano: { id: number };
let acta: { id: number };
let loose: { id: number };
let looseToo: { id: number };
const API = '/api/v2/public/api/biblioteca';
const bytes = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx).cleanup;
  const adminId = await userId(ctx, 'admin');
  obra = await makeFolder(ctx, { name: 'Obra Este', createdBy: adminId });
  planos = await makeFolder(ctx, { name: 'Planos', parentId: obra.id, createdBy: adminId });
  const detalle = await makeFolder(ctx, { name: 'Detalles', parentId: planos.id, createdBy: adminId });
  plano = (await makeFile(ctx, { name: 'plano.pdf', folderId: planos.id, createdBy: adminId, body: bytes('plano') }))
    .file;
  await makeFile(ctx, { name: 'viga.pdf', folderId: detalle.id, createdBy: adminId, body: bytes('viga') });
  acta = (await makeFile(ctx, { name: 'acta.pdf', folderId: obra.id, createdBy: adminId, body: bytes('acta') })).file;
  // A file named at the top with the name of one inside the folder's directory does not clash; a second 'acta.pdf'
  // at the top does (names compare without case).
  const otra = await makeFolder(ctx, { name: 'Otra', createdBy: adminId });
  loose = (await makeFile(ctx, { name: 'acta.pdf', folderId: otra.id, createdBy: adminId, body: bytes('otra acta') }))
    .file;
  const tercera = await makeFolder(ctx, { name: 'Tercera', createdBy: adminId });
  looseToo = (
    await makeFile(ctx, { name: 'ACTA.pdf', folderId: tercera.id, createdBy: adminId, body: bytes('tercera acta') })
  ).file;
  // A folder in the trash hides its files from the zip.
  const trashed = await makeFolder(ctx, { name: 'Borrado', parentId: obra.id, createdBy: adminId });
  await makeFile(ctx, { name: 'viejo.pdf', folderId: trashed.id, createdBy: adminId, body: bytes('viejo') });
  await ctx.db
    .update(cboxFolders)
    .set({ deletedAt: new Date(), trashRoot: true })
    .where(eq(cboxFolders.id, trashed.id));
  admin = await ctx.login('admin');
});
afterAll(async () => {
  await ctx.close();
  cleanup();
});

/** The entries of a zip as `unzip` reads them (name → bytes), and its verbose listing (methods, sizes). */
function unzipAll(zip: Buffer): { entries: Map<string, Buffer>; listing: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbox-zip-'));
  try {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, zip);
    execFileSync('unzip', ['-tq', file]);
    const listing = execFileSync('unzip', ['-v', file]).toString();
    const out = path.join(dir, 'out');
    execFileSync('unzip', ['-q', file, '-d', out]);
    const entries = new Map<string, Buffer>();
    const walk = (at: string) => {
      for (const e of fs.readdirSync(at, { withFileTypes: true })) {
        const full = path.join(at, e.name);
        if (e.isDirectory()) walk(full);
        else entries.set(path.relative(out, full).split(path.sep).join('/'), fs.readFileSync(full));
      }
    };
    walk(out);
    return { entries, listing };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('a file download', () => {
  it('streams the current version under the library name and logs downloaded or viewed', async () => {
    const res = await raw(ctx, `${API}/archivos/${plano.id}/descarga`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.equals(bytes('plano'))).toBe(true);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;.*plano\.pdf/);
    const inline = await raw(ctx, `${API}/archivos/${plano.id}/descarga?inline=1`, { cookie: admin });
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    const log = await ctx.db.select().from(cboxActivity).where(eq(cboxActivity.cboxFileId, plano.id));
    expect(log.map((l) => l.action).sort()).toEqual(['downloaded', 'viewed']);
  });

  it('is a 404 for whoever holds nothing on the file', async () => {
    const otra = await ctx.login('otra');
    const supervisor = await ctx.login('supervisor');
    expect((await raw(ctx, `${API}/archivos/${plano.id}/descarga`, { cookie: otra })).status).toBe(404);
    expect((await raw(ctx, `${API}/archivos/${plano.id}/descarga`, { cookie: supervisor })).status).toBe(404);
    expect((await raw(ctx, `${API}/zip?file_ids=${plano.id}`, { cookie: otra })).status).toBe(404);
    expect((await raw(ctx, `${API}/zip?folder_ids=${obra.id}`, { cookie: supervisor })).status).toBe(404);
  });
});

describe('a zip of a selection', () => {
  it('holds the named files and every live file under the named folders, in their folders, names unique', async () => {
    const res = await raw(ctx, `${API}/zip?folder_ids=${obra.id}&file_ids=${acta.id},${loose.id},${looseToo.id}`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;.*biblioteca-\d{4}-\d{2}-\d{2}\.zip/);
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
    const { entries } = unzipAll(res.body);
    expect([...entries.keys()].sort()).toEqual([
      'ACTA (1).pdf',
      'Obra Este/Planos/Detalles/viga.pdf',
      'Obra Este/Planos/plano.pdf',
      'Obra Este/acta.pdf',
      'acta.pdf',
    ]);
    expect(entries.get('Obra Este/Planos/Detalles/viga.pdf')!.equals(bytes('viga'))).toBe(true);
    // acta.pdf is both inside the folder and named: it is in the zip once, where its folder puts it.
    expect(entries.get('Obra Este/acta.pdf')!.equals(bytes('acta'))).toBe(true);
    expect(entries.get('acta.pdf')!.equals(bytes('otra acta'))).toBe(true);
    expect(entries.get('ACTA (1).pdf')!.equals(bytes('tercera acta'))).toBe(true);
    const logged = await ctx.db
      .select()
      .from(cboxActivity)
      .where(and(eq(cboxActivity.action, 'downloaded'), eq(cboxActivity.cboxFileId, loose.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0].detail).toEqual({ zip: true });
  });

  it('is stored, not compressed', async () => {
    const res = await raw(ctx, `${API}/zip?file_ids=${plano.id}`, { cookie: admin });
    const { listing } = unzipAll(res.body);
    expect(listing).toMatch(/Stored/);
    expect(listing).not.toMatch(/Defl/);
  });

  it('refuses an empty selection, and a selection above the file limit', async () => {
    expect((await raw(ctx, `${API}/zip`, { cookie: admin })).status).toBe(422);
    const limits = await import('#domain/cbox');
    const before = limits.CBOX_LIMITS.zipFilesMax;
    (limits.CBOX_LIMITS as { zipFilesMax: number }).zipFilesMax = 2;
    try {
      const res = await raw(ctx, `${API}/zip?folder_ids=${obra.id}`, { cookie: admin });
      expect(res.status).toBe(422);
      expect(res.json.message).toMatch(/2/);
    } finally {
      (limits.CBOX_LIMITS as { zipFilesMax: number }).zipFilesMax = before;
    }
  });

  it('leaves out a file whose bytes are lost, and still answers the others', async () => {
    const adminId = await userId(ctx, 'admin');
    const lost = await makeFile(ctx, {
      name: 'perdido.pdf',
      folderId: planos.id,
      createdBy: adminId,
      body: bytes('x'),
    });
    await storageOf(ctx.deps).remove(lost.stored.path);
    const res = await raw(ctx, `${API}/zip?file_ids=${lost.file.id},${acta.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect([...unzipAll(res.body).entries.keys()]).toEqual(['acta.pdf']);
  });

  it('stops reading when the client goes away, and the server keeps answering', async () => {
    const server = http.createServer(getRequestListener(ctx.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      await new Promise<void>((resolve) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: `${API}/zip?folder_ids=${obra.id}`, headers: { Cookie: admin } },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => resolve());
      });
      const after = await fetch(`http://127.0.0.1:${port}/health`);
      expect(after.status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
