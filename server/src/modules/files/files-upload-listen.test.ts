import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { files } from '../../db/schema/index.ts';
import type { LocalStorage } from '../../storage/local.ts';
import { formHead, listen, pdfChunks, PDF, sendChunked, useTempStorage } from './test-helpers.ts';

// Uploads over a real socket: a body cut off at the limit, or dropped by the client, must end in a
// clean answer (or nothing) and no partial file, never in an error event that takes the process down.
let ctx: TestContext;
let storage: LocalStorage;
let cleanup: () => void;
let owner: string;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ storage, cleanup } = useTempStorage(ctx));
  owner = await ctx.login('propietario');
  server = await listen(ctx);
});
afterAll(async () => {
  await server?.close();
  cleanup?.();
  await ctx?.close();
});

const MB = 1024 * 1024;
const TOO_LARGE_PT = 'O arquivo excede o tamanho máximo de 20 MB';
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, server.origin);
const incoming = () =>
  fs.existsSync(path.join(storage.root, '.incoming')) ? fs.readdirSync(path.join(storage.root, '.incoming')) : [];
const statusOf = async (objectPath: string) =>
  (await ctx.db.select().from(files).where(eq(files.path, objectPath)))[0]?.status;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Aborting only once the server is writing the file makes the test about a cut-off body, not a race. */
const receiving = (objectPath: string) => () =>
  until(async () => (await statusOf(objectPath)) === 'receiving' && incoming().length > 0, 'the upload to start');

async function signPut() {
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie: owner,
    body: { extension: 'pdf', context: 'general' },
  });
  expect(signed.status).toBe(200);
  return { url: local(signed.json.data.url), path: signed.json.data.path as string };
}

async function signPost() {
  const signed = await ctx.request('POST', 'propietarios/posventa/s3/pre-signed-url', {
    cookie: owner,
    body: { key: 'fisura.pdf', contentType: 'application/pdf', context: 'general' },
  });
  expect(signed.status).toBe(200);
  return {
    action: local(signed.json.data.action),
    path: signed.json.data.path as string,
    fields: signed.json.data.fields as Record<string, string>,
  };
}

describe("an owner's chunked upload over the signed maximum, on a listening server", () => {
  it("PUT: 413 in the caller's language, no partial file, the row rejected, the server alive", async () => {
    const { url, path: objectPath } = await signPut();
    const res = await sendChunked(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf', 'Accept-Language': 'pt-BR' },
      chunks: pdfChunks(22 * MB),
    });
    expect(res).toMatchObject({ status: 413, json: { message: TOO_LARGE_PT, code: 'too_large' } });
    expect(incoming()).toEqual([]);
    expect(fs.existsSync(path.join(storage.root, objectPath))).toBe(false);
    expect(await statusOf(objectPath)).toBe('rejected');
    expect((await fetch(`${server.origin}/health`)).status).toBe(200);
  });

  it("presigned POST form: 413 in the caller's language, no partial file", async () => {
    const { action, path: objectPath, fields } = await signPost();
    const boundary = 'qa-limite-form';
    const chunks = (function* () {
      yield formHead(boundary, fields, 'fisura.pdf');
      yield* pdfChunks(22 * MB);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })();
    const res = await sendChunked(action, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Accept-Language': 'pt-BR' },
      chunks,
    });
    expect(res).toMatchObject({ status: 413, json: { message: TOO_LARGE_PT } });
    expect(incoming()).toEqual([]);
    expect(await statusOf(objectPath)).toBe('rejected');
    expect((await fetch(`${server.origin}/health`)).status).toBe(200);
  });
});

describe('an upload the client drops mid-body', () => {
  it('PUT: the partial file goes and the signed URL may be used again', async () => {
    const { url, path: objectPath } = await signPut();
    const res = await sendChunked(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      chunks: pdfChunks(8 * MB),
      abortAfter: 3 * MB,
      beforeAbort: receiving(objectPath),
    });
    expect(res).toEqual({ error: 'aborted' });
    await until(
      async () => incoming().length === 0 && (await statusOf(objectPath)) === 'pending',
      'the aborted upload to be cleaned up',
    );
    const retry = await sendChunked(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      chunks: [PDF],
    });
    expect(retry).toMatchObject({ status: 200, json: { data: { path: objectPath } } });
  });

  it('POST form: the partial file goes', async () => {
    const { action, path: objectPath, fields } = await signPost();
    const boundary = 'qa-corte-form';
    const chunks = (function* () {
      yield formHead(boundary, fields, 'fisura.pdf');
      yield* pdfChunks(8 * MB);
    })();
    const res = await sendChunked(action, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      chunks,
      abortAfter: 3 * MB,
      beforeAbort: receiving(objectPath),
    });
    expect(res).toEqual({ error: 'aborted' });
    await until(
      async () => incoming().length === 0 && (await statusOf(objectPath)) === 'pending',
      'the aborted form to be cleaned up',
    );
  });
});

describe('a malformed multipart body', () => {
  it('a form cut off before its file part ends answers 422 JSON', async () => {
    const { action, fields } = await signPost();
    const boundary = 'qa-roto';
    const res = await sendChunked(action, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      chunks: [formHead(boundary, fields).subarray(0, 120)],
    });
    expect(res).toMatchObject({ status: 422, json: { code: 'default' } });
  });

  it('a form whose file part ends without the closing boundary leaves no partial file', async () => {
    const { action, fields } = await signPost();
    const boundary = 'qa-sin-cierre';
    const res = await sendChunked(action, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      chunks: [formHead(boundary, fields), PDF],
    });
    expect('status' in res && res.status >= 400 && res.status < 500).toBe(true);
    expect(incoming()).toEqual([]);
  });
});
