import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3.ts';

/**
 * The S3 backend's multipart upload against s3rver on loopback. s3rver implements CreateMultipartUpload, UploadPart
 * and CompleteMultipartUpload but neither ListParts nor AbortMultipartUpload (it answers 405), and checks no SigV4
 * signature: those two calls, and the Content-Length the part URL signs, are left to a real bucket.
 */
let server: S3rver;
let dir: string;
let s3: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-s3rver-mp-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: 'qa-parts', configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  s3 = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'qa-parts',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
  });
});
afterAll(async () => {
  s3?.client.destroy();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('S3 multipart (storage/s3.ts)', () => {
  it('parts PUT to presigned UploadPart URLs are joined in order by CompleteMultipartUpload', async () => {
    const objectPath = '1/2030/01/0f0e0d0c-0b0a-4908-8706-050403020100.pdf';
    const uploadId = await s3.createMultipart(objectPath, 'application/pdf');
    expect(uploadId).toBeTruthy();
    const MiB = 1024 * 1024;
    const bodies = [Buffer.alloc(5 * MiB, 0x61), Buffer.alloc(1000, 0x62)];
    bodies[0].write('%PDF-1.7\n', 0);
    const etags: string[] = [];
    for (const [i, body] of bodies.entries()) {
      const target = await s3.presignPart({
        path: objectPath,
        uploadId,
        partNumber: i + 1,
        expiresAt: new Date(Date.now() + 60_000),
        origin: 'http://localhost',
        maxBytes: body.length,
      });
      const url = new URL(target.url);
      expect(url.searchParams.get('partNumber')).toBe(String(i + 1));
      expect(url.searchParams.get('uploadId')).toBe(uploadId);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
      const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(body) });
      expect(res.status).toBe(200);
      etags.push(res.headers.get('etag')!);
    }
    await s3.completeMultipart(
      objectPath,
      uploadId,
      etags.map((etag, i) => ({ number: i + 1, etag })),
    );
    const info = await s3.stat(objectPath);
    expect(info?.size).toBe(5 * MiB + 1000);
    const head = await s3.readHead(objectPath, 9);
    expect(head.toString()).toBe('%PDF-1.7\n');
    const tail: Buffer[] = [];
    for await (const chunk of await s3.read(objectPath, { start: 5 * MiB - 2, end: 5 * MiB + 1 })) tail.push(chunk);
    expect(Buffer.concat(tail).toString()).toBe('aabb');
  });
});
