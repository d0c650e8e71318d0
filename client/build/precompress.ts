import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|map)$/;
/** Below this a compressed copy saves less than its headers and the extra file cost. */
const MIN_BYTES = 1024;

/** Zopfli's gzip: 4–5 % smaller than zlib's best, still plain gzip for every browser. */
export async function gzipBest(bytes: Uint8Array): Promise<Uint8Array> {
  return gzipAsync(bytes, { numiterations: 3 });
}

/** Brotli at its best quality, for browsers that accept `br`. */
export async function brotliBest(bytes: Uint8Array): Promise<Uint8Array> {
  return brotli(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

/**
 * Writes `<file>.gz` and `<file>.br` beside every text asset of the build. The server sends the one
 * the browser accepts (server/src/http/static.ts, `precompressed`) with Content-Encoding, so no
 * request pays for compression and what travels is compressed once, at build time, at the best
 * ratio (docs/architecture.md §6: the first load is measured in gzipped bytes).
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = await fs.readFile(file);
        if (bytes.length < MIN_BYTES) continue;
        const [gz, br] = await Promise.all([gzipBest(bytes), brotliBest(bytes)]);
        await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
      }
    },
  };
}
