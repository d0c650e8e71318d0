import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from '../../test-support.ts';
import { createLocalStorage, type LocalStorage } from '../../storage/local.ts';

/** Points a test app's storage at a fresh temp dir (removed by the returned cleanup). */
export function useTempStorage(ctx: TestContext): { storage: LocalStorage; cleanup: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-files-'));
  const storage = createLocalStorage({ root, secret: ctx.deps.config.signingSecret });
  ctx.deps.extras.storage = storage;
  return { storage, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A Buffer as a plain Uint8Array body (fetch and Blob typings refuse Buffer's ArrayBufferLike). */
export const u8 = (b: Buffer) => new Uint8Array(b);

export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);

/** A raw request to the app by absolute or origin-relative URL. */
export async function raw(ctx: TestContext, url: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  const res = await ctx.app.request(url, { ...init, headers });
  const buf = Buffer.from(await res.arrayBuffer());
  let json: any;
  try { json = JSON.parse(buf.toString('utf8')); } catch { json = undefined; }
  return { status: res.status, headers: res.headers, body: buf, json };
}

/** upload-url then PUT, as the widget does; returns both answers. */
export async function uploadViaPut(ctx: TestContext, cookie: string, body: Buffer, request: Record<string, unknown> = { extension: 'pdf' }) {
  const signed = await ctx.request('POST', 'files/upload-url', { cookie, body: request });
  if (signed.status !== 200) return { signed, put: undefined };
  const put = await raw(ctx, signed.json.data.url, { method: 'PUT', headers: { 'Content-Type': signed.json.data.contentType }, body: u8(body) });
  return { signed, put };
}

/** presigned POST then the multipart form, fields first and the file last, as S3 wants it. */
export async function uploadViaPost(ctx: TestContext, cookie: string, body: Buffer, request: Record<string, unknown>, tamper?: (fields: Record<string, string>) => void) {
  const signed = await ctx.request('POST', 'propietarios/posventa/s3/pre-signed-url', { cookie, body: request });
  if (signed.status !== 200) return { signed, post: undefined };
  const fields = { ...signed.json.data.fields } as Record<string, string>;
  tamper?.(fields);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([u8(body)], { type: String(request.contentType) }), String(request.key));
  const post = await raw(ctx, signed.json.data.action, { method: 'POST', body: form });
  return { signed, post };
}
