import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { createS3Storage } from '../../storage/s3.ts';
import { EXE, PDF, raw, u8 } from './test-helpers.ts';

/**
 * The S3 backend against s3rver on loopback (docs/decisions.md, Files). s3rver checks neither SigV4 signatures nor
 * POST policies, so these tests show what we do ourselves after a direct upload: size, type and
 * first bytes are verified on confirmation and a bad object is deleted.
 */
let ctx: TestContext;
let server: S3rver;
let dir: string;
let admin: string;
let s3: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: 'qa-files', configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  ctx = await createTestContext();
  s3 = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'qa-files',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
  });
  ctx.deps.extras.storage = s3;
  admin = await ctx.login('admin');
});
afterAll(async () => {
  s3?.client.destroy();
  await server?.close();
  await ctx?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function putToS3(body: Buffer, request: Record<string, unknown>) {
  const signed = await ctx.request('POST', 'files/upload-url', { cookie: admin, body: request });
  expect(signed.status).toBe(200);
  const res = await fetch(signed.json.data.url, { method: 'PUT', headers: signed.json.data.headers, body: u8(body) });
  expect(res.status).toBe(200);
  return signed.json.data as { url: string; path: string };
}

describe('S3-compatible backend (docs/decisions.md, Files)', () => {
  it('upload-url is a SigV4 presigned PUT that binds the content type', async () => {
    const signed = await ctx.request('POST', 'files/upload-url', {
      cookie: admin,
      body: { extension: 'pdf', size: PDF.length },
    });
    const url = new URL(signed.json.data.url);
    expect(url.pathname).toBe(`/qa-files/${signed.json.data.path}`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
  });

  it('a direct PUT is verified on confirm, then read through our API with ranges', async () => {
    const body = Buffer.concat([PDF, Buffer.alloc(100_000, 7)]);
    const { path: p } = await putToS3(body, { extension: 'pdf', name: 'Plano S3.pdf' });
    const confirmed = await ctx.request('POST', 'files/confirm', { cookie: admin, body: { path: p } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data).toMatchObject({ path: p, size: body.length, name: 'Plano S3.pdf' });
    const whole = await raw(ctx, `/api/v2/public/files/${p}`, { cookie: admin });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.body.equals(body)).toBe(true);
    const part = await raw(ctx, `/api/v2/public/files/${p}`, { cookie: admin, headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.body.equals(body.subarray(100, 200))).toBe(true);
    expect((await raw(ctx, `/api/v2/public/files/${p}`, { cookie: await ctx.login('otra') })).status).toBe(404);
  });

  it('the first read verifies too, so a plain upload-url + PUT + GET works (curl flow)', async () => {
    const { path: p } = await putToS3(PDF, { extension: 'pdf' });
    const got = await raw(ctx, `/api/v2/public/files/${p}`, { cookie: admin });
    expect(got.status).toBe(200);
    expect(got.body.equals(PDF)).toBe(true);
  });

  it('a renamed executable that reached the bucket is refused and deleted', async () => {
    const { path: p } = await putToS3(EXE, { extension: 'pdf' });
    const confirmed = await ctx.request('POST', 'files/confirm', { cookie: admin, body: { path: p } });
    expect(confirmed.status).toBe(422);
    expect(confirmed.json.code).toBe('executable');
    expect(await s3.stat(p)).toBeUndefined();
    expect((await raw(ctx, `/api/v2/public/files/${p}`, { cookie: admin })).status).toBe(404);
  });

  it('a presigned POST form upload lands in the bucket; an object over the signed limit is deleted', async () => {
    const signed = await ctx.request('POST', 'propietarios/posventa/s3/pre-signed-url', {
      cookie: admin,
      body: { key: 'acta.pdf', contentType: 'application/pdf', context: 'certificate' },
    });
    const { action, fields, path: p } = signed.json.data;
    expect(JSON.parse(Buffer.from(fields.Policy, 'base64').toString()).conditions).toContainEqual([
      'content-length-range',
      1,
      20 * 1024 * 1024,
    ]);
    const post = async (body: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([u8(body)], { type: 'application/pdf' }), 'acta.pdf');
      return fetch(action, { method: 'POST', body: form });
    };
    expect((await post(PDF)).status).toBe(204);
    expect((await ctx.request('POST', 'files/confirm', { cookie: admin, body: { path: p } })).json.data.name).toBe(
      'acta.pdf',
    );

    // s3rver ignores the policy (real S3 would refuse with 400); our confirmation catches it.
    const again = await ctx.request('POST', 'propietarios/posventa/s3/pre-signed-url', {
      cookie: admin,
      body: { key: 'grande.pdf', contentType: 'application/pdf', context: 'certificate' },
    });
    const big = Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]);
    const form = new FormData();
    for (const [k, v] of Object.entries(again.json.data.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([u8(big)], { type: 'application/pdf' }), 'grande.pdf');
    expect((await fetch(again.json.data.action, { method: 'POST', body: form })).status).toBe(204);
    const refused = await ctx.request('POST', 'files/confirm', { cookie: admin, body: { path: again.json.data.path } });
    expect(refused.status).toBe(413);
    expect(refused.json.message).toBe('El archivo supera el tamaño máximo de 20 MB');
    expect(await s3.stat(again.json.data.path)).toBeUndefined();
  });

  it('an image on S3 gets its 100 px thumbnail stored in the bucket', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const { path: p } = await putToS3(jpeg, { extension: 'jpg', context: 'image' });
    const confirmed = await ctx.request('POST', 'files/confirm', { cookie: admin, body: { path: p } });
    const thumbPath = confirmed.json.data.url_thumbnail.replace('/api/v2/public/files/', '');
    expect(await s3.stat(thumbPath)).toMatchObject({ contentType: 'image/webp' });
    const thumb = await raw(ctx, confirmed.json.data.url_thumbnail, { cookie: admin });
    expect((await sharp(thumb.body).metadata()).height).toBe(100);
  });
});
