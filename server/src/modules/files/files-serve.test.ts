import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import type { LocalStorage } from '../../storage/local.ts';
import { attachFiles } from './service.ts';
import { PDF, raw, uploadViaPut, useTempStorage } from './test-helpers.ts';

let ctx: TestContext;
let storage: LocalStorage;
let cleanup: () => void;
let admin: string;
let pdfPath: string;
const body = Buffer.concat([PDF, Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251))]);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ storage, cleanup } = useTempStorage(ctx));
  admin = await ctx.login('admin');
  const { signed } = await uploadViaPut(ctx, admin, body, { extension: 'pdf', name: 'Informe técnico Nº 3.pdf' });
  pdfPath = signed.json.data.path;
});
afterAll(async () => {
  cleanup?.();
  await ctx?.close();
});

const get = (p: string, cookie?: string, headers: Record<string, string> = {}, method = 'GET') =>
  raw(ctx, `/api/v2/public/files/${p}`, { cookie, headers, method });

describe('GET api/v2/public/files/{path} (docs/product.md §7; serving: docs/decisions.md, Files)', () => {
  it('serves the bytes with the stored MIME type and the download name (UTF-8 safe)', async () => {
    const res = await get(pdfPath, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Informe tecnico N_ 3.pdf"; filename*=UTF-8''Informe%20t%C3%A9cnico%20N%C2%BA%203.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.body.equals(body)).toBe(true);
    const download = await raw(ctx, `/api/v2/public/files/${pdfPath}?download=1`, { cookie: admin });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('until it is attached to a record only its uploader reads it (files-access.test.ts); without a session it is 401', async () => {
    expect((await get(pdfPath, await ctx.login('revisor'))).status).toBe(404);
    expect((await get(pdfPath)).status).toBe(401);
  });

  it("another company's user gets 404, never the bytes", async () => {
    const other = await ctx.login('otra');
    const res = await get(pdfPath, other);
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('No encontrado');
    expect((await ctx.request('POST', 'files/confirm', { cookie: other, body: { path: pdfPath } })).status).toBe(404);
  });

  it("an owner reads what they uploaded, not staff files, unless the owning module's check allows it", async () => {
    const owner = await ctx.login('propietario');
    expect((await get(pdfPath, owner)).status).toBe(404);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const { signed } = await uploadViaPut(ctx, owner, jpeg, { extension: 'jpg', name: 'grieta.jpg' });
    expect((await get(signed.json.data.path, owner)).status).toBe(200);
    // The after-sales module attaches ticket files and registers such a check (server/src/modules.ts).
    ctx.deps.registry.fileAccess(
      'test-ticket',
      async (_db, user, file) => file.entityId === 77 && user.username === 'propietario',
    );
    expect(await attachFiles(ctx.deps, ctx.seed.companyId, [pdfPath], { type: 'test-ticket', id: 77 })).toBe(1);
    expect((await get(pdfPath, owner)).status).toBe(200);
    expect((await get(pdfPath, await ctx.login('propietario2'))).status).toBe(404);
  });

  it('path traversal is impossible (encoded or not) on reads and on the storage endpoint', async () => {
    fs.writeFileSync(path.join(storage.root, 'secret.txt'), 'no');
    for (const p of [
      '..%2F..%2Fpackage.json',
      '%2e%2e/%2e%2e/package.json',
      `${ctx.seed.companyId}/2026/01/..%2F..%2F..%2Fsecret.txt`,
      'secret.txt',
    ]) {
      expect((await get(p, admin)).status).toBe(404);
    }
    const res = await raw(
      ctx,
      '/storage/o/..%2F..%2Fsecret.txt?X-Content-Type=text%2Fplain&X-Max-Bytes=10&X-Expires=9999999999&X-Signature=00',
      {
        method: 'PUT',
        headers: { 'Content-Type': 'text/plain' },
        body: 'x',
      },
    );
    expect([403, 404]).toContain(res.status);
    expect(fs.readFileSync(path.join(storage.root, 'secret.txt'), 'utf8')).toBe('no');
  });

  it('Range requests: first bytes, suffix, open end, unsatisfiable', async () => {
    const first = await get(pdfPath, admin, { Range: 'bytes=0-9' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${body.length}`);
    expect(first.body.equals(body.subarray(0, 10))).toBe(true);
    const suffix = await get(pdfPath, admin, { Range: 'bytes=-100' });
    expect(suffix.body.equals(body.subarray(body.length - 100))).toBe(true);
    const open = await get(pdfPath, admin, { Range: 'bytes=4000-' });
    expect(open.headers.get('content-length')).toBe(String(body.length - 4000));
    expect(open.body.equals(body.subarray(4000))).toBe(true);
    const bad = await get(pdfPath, admin, { Range: `bytes=${body.length}-` });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe(`bytes */${body.length}`);
  });

  it('HEAD answers the headers without a body; a matching ETag gets 304', async () => {
    const head = await get(pdfPath, admin, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(body.length));
    expect(head.body.length).toBe(0);
    const etag = head.headers.get('etag')!;
    expect((await get(pdfPath, admin, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('a pending upload is not readable yet', async () => {
    const signed = await ctx.request('POST', 'files/upload-url', { cookie: admin, body: { extension: 'pdf' } });
    const res = await get(signed.json.data.path, admin);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('El archivo aún no termina de subirse');
  });
});

describe('thumbnails (docs/product.md §9: 100 px, generated once)', () => {
  it('an uploaded image gets a 100 px WebP thumbnail, served under its own path', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2b7bd6' } })
      .png()
      .toBuffer();
    const { put } = await uploadViaPut(ctx, admin, png, { extension: 'png', name: 'fachada.png' });
    const file = put!.json.data;
    expect(file.url_thumbnail).toMatch(/\.thumb\.webp$/);
    const thumbPath = file.url_thumbnail.replace('/api/v2/public/files/', '');
    const thumb = await get(thumbPath, admin);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(thumb.body).metadata();
    expect([meta.width, meta.height]).toEqual([100, 75]);
    expect((await get(thumbPath, await ctx.login('otra'))).status).toBe(404);

    const thumbFile = path.join(storage.root, thumbPath);
    const before = fs.statSync(thumbFile).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    const confirmed = await ctx.request('POST', 'files/confirm', { cookie: admin, body: { path: file.path } });
    expect(confirmed.json.data.url_thumbnail).toBe(file.url_thumbnail);
    await get(thumbPath, admin);
    expect(fs.statSync(thumbFile).mtimeMs).toBe(before);
  });

  it('documents get no thumbnail', async () => {
    const confirmed = await ctx.request('POST', 'files/confirm', { cookie: admin, body: { path: pdfPath } });
    expect(confirmed.json.data.url_thumbnail).toBeNull();
  });
});
