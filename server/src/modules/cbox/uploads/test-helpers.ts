import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { CboxUpload } from '#domain/cbox-responses';
import type { TestContext } from '../../../test-support.ts';
import { createLocalStorage, type LocalStorage } from '../../../storage/local.ts';

/** Points a test app's storage at a fresh temp dir (removed by the returned cleanup). */
export function useTempStorage(ctx: TestContext): { storage: LocalStorage; cleanup: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-cbox-uploads-'));
  const storage = createLocalStorage({ root, secret: ctx.deps.config.signingSecret });
  ctx.deps.extras.storage = storage;
  return { storage, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A PDF of `size` bytes (the magic number first, then filler), so the content check passes. */
export function pdfOf(size: number, fill = 0x20): Buffer {
  const head = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const body = Buffer.alloc(size, fill);
  head.copy(body, 0);
  return body;
}

/** A Buffer as a plain Uint8Array body (fetch typings refuse Buffer's ArrayBufferLike). */
export const u8 = (b: Buffer) => new Uint8Array(b);

/** The bytes of part `n` (1-based) of a file as the session cuts it. */
export const partBytes = (file: Buffer, upload: Pick<CboxUpload, 'part_size'>, n: number) =>
  file.subarray((n - 1) * upload.part_size, n * upload.part_size);

/** PUTs one part to its presigned URL through the app (no socket); answers status and ETag. */
export async function putPart(ctx: TestContext, url: string, body: Buffer, headers: Record<string, string> = {}) {
  const res = await ctx.app.request(url, { method: 'PUT', headers, body: u8(body) });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), text };
}

/** The app on a loopback port: aborts behave as under `npm start`, unlike app.request. */
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
