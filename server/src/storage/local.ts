import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { formatBytes, isStoragePath, SNIFF_BYTES } from '#domain/files';
import { ApiError, notFound } from '../lib/errors.ts';
import { signPart, signPost, signPut } from './signing.ts';
import type {
  ByteRange,
  ObjectInfo,
  PartSignRequest,
  PostTarget,
  PutTarget,
  SignRequest,
  Storage,
  StoredPart,
} from './types.ts';

export const LOCAL_PUT_PREFIX = '/storage/o/';
export const LOCAL_POST_ACTION = '/storage/form';
/** Where the browser PUTs a multipart upload's parts: /storage/parts/<uploadId>/<partNumber>?<signature>. */
export const LOCAL_PARTS_PREFIX = '/storage/parts/';
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A received part on disk: `<number>-<md5 hex>` (the name carries its ETag, so a listing needs no database). */
const PART_FILE = /^(\d{1,5})-([0-9a-f]{32})$/;
const quoted = (md5: string) => `"${md5}"`;
const unquoted = (etag: string) => etag.replace(/^"|"$/g, '');
/** Disk I/O chunk: large enough for throughput, small enough that memory stays flat per transfer. */
const IO_CHUNK = 1024 * 1024;

export type ReceiveOptions = {
  maxBytes: number;
  /** Looks at the first SNIFF_BYTES bytes; a returned error refuses the upload. */
  inspect(head: Buffer): ApiError | undefined;
};

/**
 * An upload's bytes: a Node stream (a request body), read through its 'data' events with no promise per chunk,
 * or any async iterable (a form's file part). A stream is left paused, never destroyed, when the upload stops
 * early, so the caller can still drain it and answer on the same connection.
 */
export type UploadSource = Readable | AsyncIterable<Buffer | Uint8Array>;

export type LocalStorage = Storage & {
  kind: 'local';
  root: string;
  secret: string;
  /** Streams a request body to a temp file, then renames it into place (never buffered whole). */
  receive(objectPath: string, source: UploadSource, opts: ReceiveOptions): Promise<{ size: number }>;
  /**
   * Streams one part of a multipart upload to disk, its MD5 computed on the way (the part's ETag, as S3's);
   * a part sent again replaces the previous one. A body cut off or over `maxBytes` leaves nothing behind.
   */
  receivePart(
    uploadId: string,
    partNumber: number,
    source: AsyncIterable<Buffer | Uint8Array>,
    maxBytes: number,
  ): Promise<StoredPart>;
};

const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'files.errors.too_large', { size: formatBytes(maxBytes) }, [], { code: 'too_large' });

/** Waits for `event`, or for the stream to close (destroyed by an error), leaving no listener behind. */
function until(out: fs.WriteStream, event: 'drain' | 'finish'): Promise<void> {
  return new Promise((done) => {
    const settle = () => {
      out.off(event, settle);
      out.off('close', settle);
      done();
    };
    out.once(event, settle);
    out.once('close', settle);
  });
}

/**
 * Writes chunks to a file stream with back-pressure; its 'error' is kept and thrown at the next write or at
 * `finish()` (an unheard one would be thrown by the emitter and end the process).
 */
function fileWriter(target: string) {
  const out = fs.createWriteStream(target, { flags: 'wx', highWaterMark: IO_CHUNK });
  let failed: Error | undefined;
  out.on('error', (err) => {
    failed ??= err;
  });
  return {
    out,
    async write(chunk: Buffer) {
      if (failed) throw failed;
      if (!out.write(chunk)) await until(out, 'drain');
      if (failed) throw failed;
    },
    async finish() {
      if (failed) throw failed;
      out.end();
      await until(out, 'finish');
      if (failed) throw failed;
    },
  };
}

const asBuffer = (raw: Buffer | Uint8Array) =>
  Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);

/**
 * Hands each chunk of `source` to `take`, which may return a promise to pause the stream until it settles
 * (back-pressure) or throw to stop; settles at the end of the stream. Stopped early (by `take`, an 'error', or a
 * close before the end: a client gone mid-body), the stream is paused and its listeners removed, not destroyed.
 */
function consume(source: Readable, take: (chunk: Buffer) => Promise<void> | undefined): Promise<void> {
  return new Promise((done, fail) => {
    if (source.readableEnded) return done();
    if (source.destroyed) return fail(source.errored ?? new Error('request aborted'));
    let settled = false;
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
      if (err === undefined) return done();
      source.pause();
      fail(err);
    };
    const onData = (raw: Buffer | Uint8Array | string) => {
      let wait: Promise<void> | undefined;
      try {
        wait = take(typeof raw === 'string' ? Buffer.from(raw) : asBuffer(raw));
      } catch (err) {
        settle(err);
        return;
      }
      if (!wait) return;
      source.pause();
      wait.then(() => {
        if (!settled) source.resume();
      }, settle);
    };
    const onEnd = () => settle();
    const onError = (err: Error) => settle(err);
    const onClose = () => settle(source.readableEnded ? undefined : (source.errored ?? new Error('request aborted')));
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onError);
    source.once('close', onClose);
  });
}

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

  /** Copied beside the others in .incoming, then renamed into place: a reader never sees half a copy. */
  async function copy(from: string, to: string): Promise<void> {
    const source = resolve(from);
    const full = resolve(to);
    await fsp.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, randomUUID());
    try {
      await fsp.copyFile(source, temp);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      await fsp.rename(temp, full);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
      throw err;
    }
  }

  async function remove(objectPath: string): Promise<void> {
    await fsp.rm(resolve(objectPath), { force: true });
  }

  async function receive(objectPath: string, source: UploadSource, ropts: ReceiveOptions): Promise<{ size: number }> {
    const full = resolve(objectPath);
    await fsp.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, `${randomUUID()}.part`);
    // A roomy buffer lets the socket keep reading while the disk writes (no drain wait per chunk).
    const out = fs.createWriteStream(temp, { flags: 'wx', highWaterMark: IO_CHUNK });
    // Every 'error' of the file is kept and thrown below: an unheard one (a disk error, or a write
    // still in flight when the upload is cut off) would be thrown by the emitter and end the process.
    let failed: Error | undefined;
    out.on('error', (err) => {
      failed ??= err;
    });
    const head: Buffer[] = [];
    let headBytes = 0;
    let inspected = false;
    let refused: ApiError | undefined;
    let size = 0;
    /** Writes a chunk; a promise only when the file asks to wait ('drain'), so a chunk costs no await otherwise. */
    const write = (chunk: Buffer): Promise<void> | undefined => {
      if (failed) throw failed;
      return out.write(chunk) ? undefined : until(out, 'drain');
    };
    // The first SNIFF_BYTES are held back and inspected once (the only look at the content); nothing is read twice.
    const inspectHead = (): Promise<void> | undefined => {
      inspected = true;
      refused = ropts.inspect(Buffer.concat(head).subarray(0, SNIFF_BYTES));
      let wait: Promise<void> | undefined;
      if (!refused) for (const chunk of head) wait = write(chunk) ?? wait;
      head.length = 0;
      return wait;
    };
    const take = (chunk: Buffer): Promise<void> | undefined => {
      size += chunk.length;
      if (size > ropts.maxBytes) throw tooLarge(ropts.maxBytes);
      // A refused upload is drained (bounded by maxBytes) so the client still reads our answer.
      if (refused) return undefined;
      if (!inspected) {
        head.push(chunk);
        headBytes += chunk.length;
        return headBytes >= SNIFF_BYTES ? inspectHead() : undefined;
      }
      return write(chunk);
    };
    try {
      if (source instanceof Readable) await consume(source, take);
      else
        for await (const raw of source) {
          const wait = take(asBuffer(raw));
          if (wait) await wait;
        }
      if (!inspected) await inspectHead();
      if (refused) throw refused;
      out.end();
      await until(out, 'finish');
      if (failed) throw failed;
      await fsp.mkdir(path.dirname(full), { recursive: true });
      await fsp.rename(temp, full);
      return { size };
    } catch (err) {
      await discardPart(out, temp);
      throw err;
    }
  }

  const multipartRoot = path.join(root, '.multipart');
  function partsDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw notFound();
    return path.join(multipartRoot, uploadId);
  }

  async function createMultipart(objectPath: string): Promise<string> {
    resolve(objectPath);
    const uploadId = randomUUID();
    await fsp.mkdir(partsDir(uploadId), { recursive: true });
    return uploadId;
  }

  async function presignPart(req: PartSignRequest): Promise<PutTarget> {
    const query = new URLSearchParams(
      signPart(opts.secret, {
        uploadId: req.uploadId,
        partNumber: req.partNumber,
        maxBytes: req.maxBytes,
        expires: Math.floor(req.expiresAt.getTime() / 1000),
      }),
    );
    return { url: `${req.origin}${LOCAL_PARTS_PREFIX}${req.uploadId}/${req.partNumber}?${query}`, headers: {} };
  }

  /** The parts on disk, by number; a number present twice (a replacement being renamed in) counts its newest. */
  async function partFiles(uploadId: string): Promise<(StoredPart & { file: string })[]> {
    const dir = partsDir(uploadId);
    let names: string[];
    try {
      names = await fsp.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
      throw err;
    }
    const parts = new Map<number, StoredPart & { file: string; mtime: number }>();
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      const info = await fsp.stat(file).catch(() => undefined);
      if (!info) continue;
      const number = Number(match[1]);
      const known = parts.get(number);
      if (known && known.mtime > info.mtimeMs) continue;
      parts.set(number, { number, etag: quoted(match[2]), size: info.size, file, mtime: info.mtimeMs });
    }
    return [...parts.values()].sort((a, b) => a.number - b.number).map(({ mtime: _mtime, ...part }) => part);
  }

  async function listParts(_objectPath: string, uploadId: string): Promise<StoredPart[]> {
    return (await partFiles(uploadId)).map(({ file: _file, ...part }) => part);
  }

  async function receivePart(
    uploadId: string,
    partNumber: number,
    source: AsyncIterable<Buffer | Uint8Array>,
    maxBytes: number,
  ): Promise<StoredPart> {
    const dir = partsDir(uploadId);
    if (!fs.existsSync(dir)) throw notFound();
    const temp = path.join(dir, `.${partNumber}.${randomUUID()}.tmp`);
    const writer = fileWriter(temp);
    const md5 = createHash('md5');
    let size = 0;
    try {
      for await (const raw of source) {
        const chunk = asBuffer(raw);
        size += chunk.length;
        if (size > maxBytes) throw tooLarge(maxBytes);
        md5.update(chunk);
        await writer.write(chunk);
      }
      await writer.finish();
      const etag = md5.digest('hex');
      const name = `${partNumber}-${etag}`;
      await fsp.rename(temp, path.join(dir, name));
      // The part sent before (other bytes, other name) is replaced by this one.
      for (const other of await fsp.readdir(dir))
        if (other !== name && PART_FILE.exec(other)?.[1] === String(partNumber))
          await fsp.rm(path.join(dir, other), { force: true });
      return { number: partNumber, etag: quoted(etag), size };
    } catch (err) {
      await discardPart(writer.out, temp);
      throw err;
    }
  }

  /** Joins the parts in order into the object, streaming (one chunk in memory at a time), then drops the parts. */
  async function completeMultipart(
    objectPath: string,
    uploadId: string,
    parts: readonly { number: number; etag: string }[],
  ): Promise<void> {
    const full = resolve(objectPath);
    const stored = new Map((await partFiles(uploadId)).map((p) => [p.number, p]));
    const files = parts.map((p) => {
      const part = stored.get(p.number);
      if (!part || unquoted(part.etag) !== unquoted(p.etag)) throw new Error(`part ${p.number} is missing`);
      return part.file;
    });
    await fsp.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, `${randomUUID()}.part`);
    const writer = fileWriter(temp);
    try {
      for (const file of files) {
        const input = fs.createReadStream(file, { highWaterMark: IO_CHUNK });
        for await (const chunk of input) await writer.write(chunk as Buffer);
      }
      await writer.finish();
      await fsp.mkdir(path.dirname(full), { recursive: true });
      await fsp.rename(temp, full);
    } catch (err) {
      await discardPart(writer.out, temp);
      throw err;
    }
    await fsp.rm(partsDir(uploadId), { recursive: true, force: true });
  }

  async function abortMultipart(_objectPath: string, uploadId: string): Promise<void> {
    await fsp.rm(partsDir(uploadId), { recursive: true, force: true });
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
    copy,
    receive,
    createMultipart,
    presignPart,
    listParts,
    completeMultipart,
    abortMultipart,
    receivePart,
  };
}
