import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import type { Storage } from '../../storage/index.ts';
import { makeThumbnail } from './thumbnails.ts';

// A source that fails half-way (a disk error, an S3 connection reset) must end in "no thumbnail",
// never in an 'error' event nobody listens to.
describe('makeThumbnail', () => {
  it('a source stream that fails mid-read gives no thumbnail and leaves the stream closed', async () => {
    let source: Readable | undefined;
    const storage = {
      read: async () => {
        source = new Readable({ read() {} });
        source.push(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
        setTimeout(() => source!.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })), 20);
        return source;
      },
      writeSmall: async () => {
        throw new Error('not expected');
      },
    } as unknown as Storage;
    const warnings: string[] = [];
    const log = createLogger('warn', {}, (line) => warnings.push(line));
    await expect(
      makeThumbnail(storage, log, { path: '1/2026/01/x.jpg', extension: 'jpg', size: 1000 }),
    ).resolves.toBeUndefined();
    expect(source!.destroyed).toBe(true);
    expect(warnings.join('\n')).toContain('thumbnail failed');
  });
});
