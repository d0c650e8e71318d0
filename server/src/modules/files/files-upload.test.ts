import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import type { LocalStorage } from '../../storage/local.ts';
import { EXE, PDF, raw, uploadViaPost, uploadViaPut, useTempStorage } from './test-helpers.ts';

let ctx: TestContext;
let storage: LocalStorage;
let cleanup: () => void;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ storage, cleanup } = useTempStorage(ctx));
  admin = await ctx.login('admin');
});
afterAll(async () => {
  cleanup?.();
  await ctx?.close();
});

const MB = 1024 * 1024;
const pt = { 'Accept-Language': 'pt-BR' };

describe('POST files/upload-url + PUT (docs/product.md §7)', () => {
  it('answers {data: {url, path}} with a server-made path, and the PUT stores the bytes', async () => {
    const { signed, put } = await uploadViaPut(ctx, admin, PDF, { extension: 'pdf', name: 'Acta entrega 101.pdf' });
    expect(signed.status).toBe(200);
    const { url, path, contentType } = signed.json.data;
    expect(path).toMatch(new RegExp(`^${ctx.seed.companyId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.pdf$`));
    expect(url).toContain(`/storage/o/${path}?`);
    expect(contentType).toBe('application/pdf');
    expect(put!.status).toBe(200);
    expect(put!.json.data).toMatchObject({
      path,
      name: 'Acta entrega 101.pdf',
      size: PDF.length,
      type: 'application/pdf',
      category: 'document',
    });
    const got = await raw(ctx, `/api/v2/public/files/${path}`, { cookie: admin });
    expect(got.status).toBe(200);
    expect(got.body.equals(PDF)).toBe(true);
  });

  it('the storage endpoint needs no cookie and no X-Requested-With: the signature is the credential', async () => {
    const signed = await ctx.request('POST', 'files/upload-url', { cookie: admin, body: { extension: 'pdf' } });
    const res = await ctx.app.request(signed.json.data.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: PDF,
    });
    expect(res.status).toBe(200);
  });

  it('needs a session and X-Requested-With to sign', async () => {
    expect((await ctx.request('POST', 'files/upload-url', { body: { extension: 'pdf' } })).status).toBe(401);
    const noCsrf = await ctx.app.request('http://localhost/api/v2/public/api/files/upload-url', {
      method: 'POST',
      headers: { Cookie: admin, 'Content-Type': 'application/json' },
      body: '{"extension":"pdf"}',
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('docs/product.md §5/§8 rules and messages, in es and pt-BR', () => {
  it('no extension', async () => {
    const res = await ctx.request('POST', 'files/upload-url', { cookie: admin, body: {} });
    expect(res.status).toBe(422);
    expect(res.json.fields.extension).toBe('El archivo debe tener una extensión');
    const post = await ctx.request('POST', 'propietarios/posventa/s3/pre-signed-url', {
      cookie: admin,
      body: { key: 'LEEME', contentType: 'text/plain' },
      headers: pt,
    });
    expect(post.json).toMatchObject({ message: 'O arquivo deve ter uma extensão', code: 'no_extension' });
  });

  it('invalid extension lists the accepted ones; certificates are PDF only', async () => {
    const exe = await ctx.request('POST', 'files/upload-url', { cookie: admin, body: { extension: 'exe' } });
    expect(exe.status).toBe(422);
    expect(exe.json.message).toMatch(/^Extensión no permitida\. Extensiones aceptadas: \.pdf, \.doc/);
    const cert = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'docx', context: 'certificate' },
    });
    expect(cert.json.message).toBe('Extensión no permitida. Extensiones aceptadas: .pdf');
    const img = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'gif', context: 'image' },
      headers: pt,
    });
    expect(img.json.message).toBe('Extensão não permitida. Extensões aceitas: .jpg, .png');
  });

  it('over 250 MB in the library, over 20 MB for general files and certificates', async () => {
    const lib = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', context: 'library', size: 250 * MB + 1 },
    });
    expect(lib.status).toBe(422);
    expect(lib.json.message).toBe('El archivo supera el tamaño máximo de 250 MB');
    expect(
      (
        await ctx.request('POST', 'files/upload-url', {
          cookie: admin,
          body: { extension: 'pdf', context: 'library', size: 250 * MB },
        })
      ).status,
    ).toBe(200);
    const gen = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', context: 'general', size: 20 * MB + 1 },
    });
    expect(gen.json.message).toBe('El archivo supera el tamaño máximo de 20 MB');
    const cert = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', context: 'certificate', size: 21 * MB },
      headers: pt,
    });
    expect(cert.json.message).toBe('O arquivo excede o tamanho máximo de 20 MB');
  });

  it('a body larger than the signed maximum is cut off while streaming (no Content-Length) or refused up front', async () => {
    const signed = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', context: 'general' },
    });
    const big = Buffer.concat([PDF, Buffer.alloc(20 * MB)]);
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < big.length; i += 64 * 1024) c.enqueue(big.subarray(i, i + 64 * 1024));
        c.close();
      },
    });
    const res = await raw(ctx, signed.json.data.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('El archivo supera el tamaño máximo de 20 MB');
    const again = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', context: 'general' },
    });
    const declared = await raw(ctx, again.json.data.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(21 * MB) },
      body: PDF,
    });
    expect(declared.status).toBe(413);
  });

  it('a duplicate in the same uploader batch is refused', async () => {
    const body = { extension: 'pdf', name: 'plano.pdf', size: PDF.length, batch: 'batch-dup-0001' };
    expect((await uploadViaPut(ctx, admin, PDF, body)).put!.status).toBe(200);
    const dup = await ctx.request('POST', 'files/upload-url', { cookie: admin, body });
    expect(dup.status).toBe(422);
    expect(dup.json).toMatchObject({ message: 'Archivo duplicado: ya está en la lista', code: 'duplicate' });
  });

  it('file limit exceeded: after 5 in a default uploader batch, "first 5 uploaded"', async () => {
    for (let i = 0; i < 5; i++) {
      const ok = await ctx.request('POST', 'files/upload-url', {
        cookie: admin,
        body: { extension: 'pdf', name: `${i}.pdf`, size: 10, batch: 'batch-limit-01' },
      });
      expect(ok.status).toBe(200);
    }
    const sixth = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', name: '6.pdf', size: 10, batch: 'batch-limit-01' },
    });
    expect(sixth.status).toBe(422);
    expect(sixth.json.message).toBe('Se superó el límite de archivos: se subieron los primeros 5');
  });

  it('DELETE files/<path> discards an own unattached upload and frees its place in the batch (docs/product.md §4 removal)', async () => {
    const batch = 'batch-discard-1';
    const paths: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { put, signed } = await uploadViaPut(ctx, admin, PDF, {
        extension: 'pdf',
        name: `d${i}.pdf`,
        size: PDF.length,
        batch,
      });
      expect(put!.status).toBe(200);
      paths.push(signed.json.data.path);
    }
    expect(
      (await ctx.request('POST', 'files/upload-url', { cookie: admin, body: { extension: 'pdf', batch } })).status,
    ).toBe(422);
    expect((await ctx.request('DELETE', `files/${paths[0]}`, { cookie: await ctx.login('supervisor') })).status).toBe(
      404,
    );
    expect((await ctx.request('DELETE', `files/${paths[0]}`, { cookie: admin })).status).toBe(200);
    expect((await raw(ctx, `/api/v2/public/files/${paths[0]}`, { cookie: admin })).status).toBe(404);
    expect(fs.existsSync(path.join(storage.root, paths[0]))).toBe(false);
    expect(
      (await ctx.request('POST', 'files/upload-url', { cookie: admin, body: { extension: 'pdf', batch } })).status,
    ).toBe(200);
  });

  it('a renamed executable is refused by its first bytes, and the upload is rejected for good', async () => {
    const { signed, put } = await uploadViaPut(ctx, admin, EXE, { extension: 'pdf', name: 'factura.pdf' });
    expect(put!.status).toBe(422);
    expect(put!.json).toMatchObject({
      message: 'El archivo es un programa ejecutable o un script y no está permitido',
      code: 'executable',
    });
    expect((await raw(ctx, `/api/v2/public/files/${signed.json.data.path}`, { cookie: admin })).status).toBe(404);
    expect(
      (
        await raw(ctx, signed.json.data.url, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/pdf' },
          body: PDF,
        })
      ).status,
    ).toBe(409);
  });

  it('content that is not what its extension says is refused', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const { put } = await uploadViaPut(ctx, admin, png, { extension: 'pdf' });
    expect(put!.json.message).toBe('El contenido del archivo no corresponde a su extensión .pdf');
    const { put: empty } = await uploadViaPut(ctx, admin, Buffer.alloc(0), { extension: 'pdf' });
    expect(empty!.json.message).toBe('El archivo está vacío');
  });

  it('owners cannot use staff contexts (library, certificates)', async () => {
    const owner = await ctx.login('propietario');
    expect(
      (await ctx.request('POST', 'files/upload-url', { cookie: owner, body: { extension: 'pdf', context: 'library' } }))
        .status,
    ).toBe(403);
    expect((await ctx.request('POST', 'files/upload-url', { cookie: owner, body: { extension: 'jpg' } })).status).toBe(
      200,
    );
  });
});

describe('signatures bind path, content type, maximum size and expiry (docs/decisions.md, Files)', () => {
  async function signedUrl() {
    const res = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', context: 'general' },
    });
    return new URL(res.json.data.url);
  }
  const put = (url: URL | string, type = 'application/pdf') =>
    raw(ctx, String(url), { method: 'PUT', headers: { 'Content-Type': type }, body: PDF });

  it.each([
    ['maximum size', (u: URL) => u.searchParams.set('X-Max-Bytes', String(600 * MB))],
    ['content type', (u: URL) => u.searchParams.set('X-Content-Type', 'text/html')],
    ['expiry', (u: URL) => u.searchParams.set('X-Expires', String(Number(u.searchParams.get('X-Expires')) + 3600))],
    [
      'signature',
      (u: URL) =>
        u.searchParams.set(
          'X-Signature',
          u.searchParams.get('X-Signature')!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        ),
    ],
  ])('a tampered %s is refused (403)', async (_what, tamper) => {
    const url = await signedUrl();
    tamper(url);
    const res = await put(url);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('La firma de la URL de carga no es válida');
  });

  it('another path with the same signature is refused', async () => {
    const [a, b] = [await signedUrl(), await signedUrl()];
    const swapped = new URL(a);
    swapped.pathname = b.pathname;
    expect((await put(swapped)).status).toBe(403);
  });

  it('a PUT with another content type than the signed one is refused', async () => {
    expect((await put(await signedUrl(), 'text/html')).status).toBe(403);
  });

  it('an expired signature is refused with its own message', async () => {
    const fresh = await ctx.request('POST', 'files/upload-url', { cookie: admin, body: { extension: 'pdf' } });
    const { url } = await storage.presignPut({
      path: fresh.json.data.path,
      contentType: 'application/pdf',
      maxBytes: 536870912,
      expiresAt: new Date(Date.now() - 1000),
      origin: 'http://localhost',
    });
    const res = await raw(ctx, url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf', 'Accept-Language': 'pt-BR' },
      body: PDF,
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('A URL de envio expirou; tente novamente');
  });

  it('one signed URL uploads once', async () => {
    const url = await signedUrl();
    expect((await put(url)).status).toBe(200);
    const again = await put(url);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Este archivo ya fue subido');
  });
});

describe('presigned form POST at the configurable URL (docs/product.md §7)', () => {
  const request = { key: 'Acta de entrega.pdf', contentType: 'application/pdf', context: 'certificate' };

  it('answers {data: {action, path, fields}}; the form upload stores the file under its name', async () => {
    const { signed, post } = await uploadViaPost(ctx, admin, PDF, request);
    expect(signed.status).toBe(200);
    expect(Object.keys(signed.json.data)).toEqual(expect.arrayContaining(['action', 'path', 'fields']));
    expect(signed.json.data.fields).toMatchObject({ key: signed.json.data.path, 'Content-Type': 'application/pdf' });
    expect(post!.status).toBe(200);
    expect(post!.json.data.name).toBe('Acta de entrega.pdf');
    const got = await raw(ctx, `/api/v2/public/files/${signed.json.data.path}`, { cookie: admin });
    expect(got.headers.get('content-disposition')).toBe(
      `inline; filename="Acta de entrega.pdf"; filename*=UTF-8''Acta%20de%20entrega.pdf`,
    );
  });

  it('is also served at files/pre-signed-url', async () => {
    const res = await ctx.request('POST', 'files/pre-signed-url', { cookie: admin, body: request });
    expect(res.status).toBe(200);
  });

  it.each([
    [
      'key',
      (f: Record<string, string>) => {
        f.key = f.key.replace(/\.pdf$/, '.txt');
      },
    ],
    [
      'content type',
      (f: Record<string, string>) => {
        f['Content-Type'] = 'text/plain';
      },
    ],
    [
      'policy',
      (f: Record<string, string>) => {
        f.Policy = Buffer.from(
          Buffer.from(f.Policy, 'base64')
            .toString()
            .replace(/20971520/, '999999999'),
        ).toString('base64');
      },
    ],
  ])('a tampered %s is refused (403)', async (_what, tamper) => {
    const { post } = await uploadViaPost(ctx, admin, PDF, request, tamper);
    expect(post!.status).toBe(403);
  });

  it("a file over the policy's content-length-range is refused", async () => {
    const { post } = await uploadViaPost(ctx, admin, Buffer.concat([PDF, Buffer.alloc(20 * MB)]), request);
    expect(post!.status).toBe(413);
    expect(post!.json.message).toBe('El archivo supera el tamaño máximo de 20 MB');
  });
});
