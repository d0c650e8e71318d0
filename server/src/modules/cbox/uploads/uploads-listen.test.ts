import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxUpload } from '#domain/cbox-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cboxUploadParts } from '../../../db/schema/index.ts';
import type { LocalStorage } from '../../../storage/local.ts';
import { listen, partBytes, pdfOf, useTempStorage } from './test-helpers.ts';

// A part over a real socket: a client that drops mid-part leaves no part recorded and nothing half-written, and
// the server goes on taking parts (never an unheard 'error' that ends the process).
let ctx: TestContext;
let storage: LocalStorage;
let cleanup: () => void;
let admin: string;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ storage, cleanup } = useTempStorage(ctx));
  admin = await ctx.login('admin');
  server = await listen(ctx);
});
afterAll(async () => {
  await server?.close();
  cleanup?.();
  await ctx?.close();
});

const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, server.origin);

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends `sent` bytes of a part announced whole (Content-Length), waits for `writing`, then destroys the socket. */
function dropMidPart(url: string, body: Buffer, sent: number, writing: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'PUT', headers: { 'Content-Length': String(body.length) } });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(body.subarray(0, sent), () => {
      void writing().finally(() => {
        req.destroy();
        resolve();
      });
    });
  });
}

describe('a part dropped mid-body, on a listening server', () => {
  it('records nothing, leaves no temp file, and the same part goes up afterwards', async () => {
    const file = pdfOf(CBOX_LIMITS.partBytes + 1000);
    const created = await ctx.request('POST', 'biblioteca/subidas', {
      cookie: admin,
      body: { name: 'Cortado.pdf', size: file.length, last_modified: 1 },
    });
    expect(created.status).toBe(200);
    const upload: CboxUpload = created.json.data;
    const signed = await ctx.request('POST', `biblioteca/subidas/${upload.id}/partes`, {
      cookie: admin,
      body: { parts: [1] },
    });
    const url = local(signed.json.data[0].url);
    const part = partBytes(file, upload, 1);
    const partsDir = path.join(storage.root, '.multipart', url.split('/storage/parts/')[1].split('/')[0]);
    // Dropped only once the server is writing the part: the test is about a cut-off body, not a race.
    await dropMidPart(url, part, 3 * 1024 * 1024, () =>
      until(() => fs.readdirSync(partsDir).some((n) => n.endsWith('.tmp')), 'the part to be written'),
    );
    await until(() => fs.readdirSync(partsDir).length === 0, 'the dropped part to be removed');
    expect(await ctx.db.select().from(cboxUploadParts).where(eq(cboxUploadParts.uploadId, upload.id))).toEqual([]);

    const res = await fetch(url, { method: 'PUT', body: new Uint8Array(part) });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const shown = await ctx.request('GET', `biblioteca/subidas/${upload.id}`, { cookie: admin });
    expect(shown.json.data.parts_done).toEqual([{ number: 1, etag: res.headers.get('etag'), size: part.length }]);
  });
});
