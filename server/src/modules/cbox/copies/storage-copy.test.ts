import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../../storage/local.ts';
import { createS3Storage } from '../../../storage/s3.ts';
import type { Storage } from '../../../storage/types.ts';
import { PNG } from '../test/copy-fixtures.ts';

/** Storage.copy on both backends (server/src/storage/types.ts): what the copies of copies/service.ts stand on. */
let dir: string;
let server: S3rver;
let local: Storage;
let s3: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbox-copy-'));
  local = createLocalStorage({ root: path.join(dir, 'files'), secret: 'x'.repeat(32) });
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: path.join(dir, 's3'),
    silent: true,
    configureBuckets: [{ name: 'cbox-copies', configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  s3 = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'cbox-copies',
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

/** Only generated paths are storage paths (domain/files.ts STORAGE_PATH). */
const newPath = () => `1/2026/01/${randomUUID()}.png`;

async function bytesOf(storage: Storage, objectPath: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(objectPath)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.each([
  ['local', () => local],
  ['s3', () => s3],
])('Storage.copy on %s', (_name, storageOf) => {
  it('stores the same bytes under the new path and leaves the source alone', async () => {
    const storage = storageOf();
    const [from, to] = [newPath(), newPath()];
    await storage.writeSmall(from, PNG, 'image/png');
    await storage.copy(from, to, 'image/png');
    expect((await bytesOf(storage, to)).equals(PNG)).toBe(true);
    expect((await bytesOf(storage, from)).equals(PNG)).toBe(true);
    expect(await storage.stat(to)).toMatchObject({ size: PNG.length });
  });

  it('a missing source is a 404 and leaves nothing behind', async () => {
    const storage = storageOf();
    const to = newPath();
    await expect(storage.copy(newPath(), to, 'image/png')).rejects.toMatchObject({ status: 404 });
    expect(await storage.stat(to)).toBeUndefined();
  });
});

it('the local copy goes through .incoming: no temp file remains', async () => {
  const from = newPath();
  await local.writeSmall(from, PNG, 'image/png');
  await local.copy(from, newPath(), 'image/png');
  expect(fs.readdirSync(path.join(dir, 'files', '.incoming'))).toEqual([]);
});
