import sharp from 'sharp';
import { hasThumbnail, thumbnailPathOf } from '#domain/files';
import { UPLOAD } from '#domain/limits';
import type { Storage } from '../../storage/index.ts';
import type { Logger } from '../../lib/logger.ts';

/** Decoding holds the image in memory; larger sources get no thumbnail rather than a memory spike. */
export const THUMBNAIL_SOURCE_MAX_BYTES = 50 * 1024 * 1024;

export { thumbnailPathOf };

const inFlight = new Map<string, Promise<string | undefined>>();

/**
 * Makes the 100 px thumbnail of an uploaded image (docs/product.md §9) and stores it beside the original.
 * Called once when an upload completes; concurrent callers for the same path share one run.
 * Returns the thumbnail's path, or undefined when the file is not an image we can decode.
 */
export function makeThumbnail(
  storage: Storage,
  log: Logger,
  file: { path: string; extension: string; size: number },
): Promise<string | undefined> {
  if (!hasThumbnail(file.extension) || file.size > THUMBNAIL_SOURCE_MAX_BYTES) return Promise.resolve(undefined);
  const running = inFlight.get(file.path);
  if (running) return running;
  const job = (async () => {
    try {
      const source = await storage.read(file.path);
      const resizer = sharp({ limitInputPixels: 100_000_000, sequentialRead: true })
        .rotate()
        .resize(UPLOAD.thumbnailPx, UPLOAD.thumbnailPx, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 });
      // pipe() does not forward a source's error, and sharp never settles without the end of its
      // input: a read that fails half-way must fail the thumbnail itself (and be heard).
      const sourceFailed = new Promise<never>((_, reject) => source.once('error', reject));
      const output = resizer.toBuffer();
      output.catch(() => undefined); // settled or not after a failed source, nobody waits for it any more
      source.pipe(resizer);
      let body: Buffer;
      try {
        body = await Promise.race([output, sourceFailed]);
      } finally {
        source.destroy();
      }
      const target = thumbnailPathOf(file.path);
      await storage.writeSmall(target, body, 'image/webp');
      return target;
    } catch (error) {
      // A file that passed the magic-number check but does not decode keeps no thumbnail.
      log.warn('thumbnail failed', { path: file.path, error });
      return undefined;
    } finally {
      inFlight.delete(file.path);
    }
  })();
  inFlight.set(file.path, job);
  return job;
}
