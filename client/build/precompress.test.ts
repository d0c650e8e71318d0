import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliBest, gzipBest } from './precompress.ts';

describe('precompressed copies', () => {
  const source = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i % 7};`).join('\n'));

  it('are valid gzip and brotli of the same bytes, gzip no larger than zlib at its best', async () => {
    const gz = Buffer.from(await gzipBest(source));
    const br = Buffer.from(await brotliBest(source));
    expect(zlib.gunzipSync(gz).equals(source)).toBe(true);
    expect(zlib.brotliDecompressSync(br).equals(source)).toBe(true);
    expect(gz.length).toBeLessThanOrEqual(zlib.gzipSync(source, { level: 9 }).length);
  });
});
