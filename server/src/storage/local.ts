import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { formatBytes, isStoragePath, SNIFF_BYTES } from '#domain/files';
import { ApiError, notFound } from '../lib/errors.ts';
import { signPost, signPut } from './signing.ts';
import type { ByteRange, ObjectInfo, PostTarget, PutTarget, SignRequest, Storage } from './types.ts';

export const LOCAL_PUT_PREFIX = '/storage/o/';
export const LOCAL_POST_ACTION = '/storage/form';
/** Disk I/O chunk: large enough for throughput, small enough that memory stays flat per transfer. */
const IO_CHUNK = 1024 * 1024;

export type ReceiveOptions = {
  maxBytes: number;
  /** Looks at the first SNIFF_BYTES bytes; a returned error refuses the upload. */
  inspect(head: Buffer): ApiError | undefined;
};

export type LocalStorage = Storage & {
  kind: 'local';
  root: string;
  secret: string;
  /** Streams a request body to a temp file, then renames it into place (never buffered whole). */
  receive(
    objectPath: string,
    source: AsyncIterable<Buffer | Uint8Array>,
    opts: ReceiveOptions,
  ): Promise<{ size: number }>;
};

/**
 * Stops writing a partial upload and removes it once the file is closed: a write still in flight
 * would otherwise finish after the removal, and the open could even recreate the file.
 */
async function discardPart(out: fs.WriteStream, temp: string): Promise<void> {
  if (!out.closed)
    await new Promise<void>((done) => {
      out.once('close', () => done());
      out.destroy();
    });
  await fsp.rm(temp, { force: true });
}

/** Local disk under DATA_DIR/files; our own /storage endpoints accept the signed uploads. */
export function createLocalStorage(opts: { root: string; secret: string }): LocalStorage {
  const root = path.resolve(opts.root);
  const incoming = path.join(root, '.incoming');

  /** Path traversal is impossible twice over: only generated paths pass, and they must stay under root. */
  function resolve(objectPath: string): string {
    if (!isStoragePath(objectPath)) throw notFound();
    const full = path.resolve(root, objectPath);
    if (!full.startsWith(root + path.sep)) throw notFound();
    return full;
  }

  const grant = (req: SignRequest) => ({
    path: req.path,
    contentType: req.contentType,
    maxBytes: req.maxBytes,
    expires: Math.floor(req.expiresAt.getTime() / 1000),
  });

  async function presignPut(req: SignRequest): Promise<PutTarget> {
    const query = new URLSearchParams(signPut(opts.secret, grant(req)));
    return {
      url: `${req.origin}${LOCAL_PUT_PREFIX}${req.path}?${query}`,
      headers: { 'Content-Type': req.contentType },
    };
  }

  async function presignPost(req: SignRequest): Promise<PostTarget> {
    return { action: `${req.origin}${LOCAL_POST_ACTION}`, fields: signPost(opts.secret, grant(req)) };
  }

  async function stat(objectPath: string): Promise<ObjectInfo | undefined> {
    try {
      const s = await fsp.stat(resolve(objectPath));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async function readHead(objectPath: string, bytes: number): Promise<Buffer> {
    const handle = await fsp.open(resolve(objectPath), 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async function read(objectPath: string, range?: ByteRange): Promise<Readable> {
    const stream = fs.createReadStream(resolve(objectPath), {
      highWaterMark: IO_CHUNK,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
    await once(stream, 'open');
    return stream;
  }

  async function writeSmall(objectPath: string, body: Buffer): Promise<void> {
    const full = resolve(objectPath);
    await fsp.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, randomUUID());
    await fsp.writeFile(temp, body);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await fsp.rename(temp, full);
  }

  async function remove(objectPath: string): Promise<void> {
    await fsp.rm(resolve(objectPath), { force: true });
  }

  async function receive(
    objectPath: string,
    source: AsyncIterable<Buffer | Uint8Array>,
    ropts: ReceiveOptions,
  ): Promise<{ size: number }> {
    const full = resolve(objectPath);
    await fsp.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, `${randomUUID()}.part`);
    // A roomy buffer lets the socket keep reading while the disk writes (no drain wait per chunk).
    const out = fs.createWriteStream(temp, { flags: 'wx', highWaterMark: IO_CHUNK });
    // Every 'error' of the file is kept and thrown by the loop below: an unheard one (a disk error,
    // or a write still in flight when the upload is cut off) would be thrown by the emitter and end the process.
    let failed: Error | undefined;
    out.on('error', (err) => {
      failed ??= err;
    });
    const head: Buffer[] = [];
    let headBytes = 0;
    let inspected = false;
    let refused: ApiError | undefined;
    let size = 0;
    const write = async (chunk: Buffer) => {
      if (failed) throw failed;
      if (!out.write(chunk)) await once(out, 'drain');
    };
    const inspectHead = async () => {
      inspected = true;
      refused = ropts.inspect(Buffer.concat(head).subarray(0, SNIFF_BYTES));
      if (!refused) for (const chunk of head) await write(chunk);
      head.length = 0;
    };
    try {
      for await (const raw of source) {
        const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
        size += chunk.length;
        if (size > ropts.maxBytes)
          throw new ApiError(413, 'files.errors.too_large', { size: formatBytes(ropts.maxBytes) }, [], {
            code: 'too_large',
          });
        // A refused upload is drained (bounded by maxBytes) so the client still reads our answer.
        if (refused) continue;
        if (!inspected) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_BYTES) await inspectHead();
          continue;
        }
        await write(chunk);
      }
      if (!inspected) await inspectHead();
      if (refused) throw refused;
      out.end();
      await once(out, 'finish');
      await fsp.mkdir(path.dirname(full), { recursive: true });
      await fsp.rename(temp, full);
      return { size };
    } catch (err) {
      await discardPart(out, temp);
      throw err;
    }
  }

  return {
    kind: 'local',
    root,
    secret: opts.secret,
    presignPut,
    presignPost,
    stat,
    readHead,
    read,
    writeSmall,
    remove,
    receive,
  };
}
