import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
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

export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(2048, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);

/** A raw request to the app by absolute or origin-relative URL. */
export async function raw(ctx: TestContext, url: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  const res = await ctx.app.request(url, { ...init, headers });
  const buf = Buffer.from(await res.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(buf.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, body: buf, json };
}

/** upload-url then PUT, as the widget does; returns both answers. */
export async function uploadViaPut(
  ctx: TestContext,
  cookie: string,
  body: Buffer,
  request: Record<string, unknown> = { extension: 'pdf' },
) {
  const signed = await ctx.request('POST', 'files/upload-url', { cookie, body: request });
  if (signed.status !== 200) return { signed, put: undefined };
  const put = await raw(ctx, signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType },
    body: u8(body),
  });
  return { signed, put };
}

/** presigned POST then the multipart form, fields first and the file last, as S3 wants it. */
export async function uploadViaPost(
  ctx: TestContext,
  cookie: string,
  body: Buffer,
  request: Record<string, unknown>,
  tamper?: (fields: Record<string, string>) => void,
) {
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

/** The app on a loopback port: uploads, aborts and socket errors behave as under `npm start`, unlike app.request. */
export async function listen(ctx: TestContext): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(getRequestListener(ctx.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RawAnswer = { status: number; json: any } | { error: string };

/**
 * A request written chunk by chunk with no Content-Length (Transfer-Encoding: chunked), as a
 * streaming client sends it. `abortAfter` bytes: the socket is destroyed there (after `beforeAbort`) instead of ending.
 */
export function sendChunked(
  url: string,
  opts: {
    method: string;
    headers: Record<string, string>;
    chunks: Iterable<Buffer>;
    abortAfter?: number;
    beforeAbort?: () => Promise<void>;
  },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: opts.method, headers: opts.headers });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', (e) => resolve({ error: e.message }));
    });
    // The server may answer and close before the whole body is sent: that is the point.
    req.on('error', (e) => resolve({ error: e.message }));
    void (async () => {
      let sent = 0;
      for (const chunk of opts.chunks) {
        if (req.destroyed) return;
        if (opts.abortAfter !== undefined && sent + chunk.length > opts.abortAfter) {
          await opts.beforeAbort?.();
          req.destroy();
          resolve({ error: 'aborted' });
          return;
        }
        sent += chunk.length;
        if (!req.write(chunk))
          await new Promise((r) => {
            req.once('drain', r);
            req.once('close', r);
          });
      }
      if (!req.destroyed) req.end();
    })();
  });
}

/** `total` bytes of PDF-looking body in 64 KiB chunks, generated lazily. */
export function* pdfChunks(total: number): Generator<Buffer> {
  yield PDF;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  for (let sent = PDF.length; sent < total; sent += chunk.length) yield chunk;
}

/** A multipart form: the signed fields first, then the file part's head; the file's bytes follow. */
export function formHead(
  boundary: string,
  fields: Record<string, string>,
  fileName = 'archivo.pdf',
  type = 'application/pdf',
): Buffer {
  let head = '';
  for (const [k, v] of Object.entries(fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return Buffer.from(head);
}
