import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../lib/errors.ts';
import { isLocal, storageOf } from '../../storage/index.ts';
import { LOCAL_PUT_PREFIX } from '../../storage/local.ts';
import { verifyPost, verifyPut, type PutGrant } from '../../storage/signing.ts';
import { receiveLocalUpload, toFileDto, uploadError } from './service.ts';
import { bodyOf, drainBeforeAnswer } from './request-body.ts';

const FORM_FIELDS_MAX = 20;

const malformedForm = () => uploadError(422, 'default');

/** The file part's bytes. A form that ends inside the part is the sender's error (422); a dropped connection stays one. */
async function* partBytes(file: Readable, isAborted: () => boolean): AsyncGenerator<Buffer> {
  try {
    // Leaving the loop early must not destroy the part: the rest of the form is drained, not cut.
    for await (const chunk of file.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
  } catch (err) {
    throw isAborted() ? err : malformedForm();
  }
}

/**
 * Multipart form of a presigned POST, streamed: the fields (which must come first, as S3 requires)
 * are checked against the signed policy when the file part starts; the file goes straight to disk.
 * Settles once the upload has cleaned up after itself; every stream involved has an 'error' listener.
 */
function receiveForm<T>(
  source: Readable,
  contentType: string,
  verify: (fields: Record<string, string>) => PutGrant,
  onFile: (grant: PutGrant, fields: Record<string, string>, file: AsyncIterable<Buffer>) => Promise<T>,
) {
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: FORM_FIELDS_MAX, fieldSize: 16 * 1024 },
      });
    } catch {
      reject(malformedForm());
      return;
    }
    const fields: Record<string, string> = {};
    let upload: Promise<T> | undefined;
    let aborted = false;
    let settled = false;
    const settle = (err: unknown, value?: T) => {
      if (settled) return;
      settled = true;
      source.off('close', onSourceClose);
      source.unpipe(parser);
      if (err) {
        // Stops parsing what is left (the route drains it); the part in progress errors into its no-op listener.
        parser.destroy();
        reject(err);
      } else resolve(value as T);
    };
    // A client gone mid-body never ends the pipe: stop the parser, so the part being written fails and is removed.
    const onSourceClose = () => {
      if (source.readableEnded) return;
      aborted = true;
      if (upload) parser.destroy(new Error('request aborted'));
      else settle(new Error('request aborted'));
    };
    source.on('close', onSourceClose);
    source.on('error', () => undefined);
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, file) => {
      file.on('error', () => undefined);
      if (name !== 'file' || upload) {
        file.resume();
        return;
      }
      let grant: PutGrant;
      try {
        grant = verify(fields);
      } catch (err) {
        file.resume();
        settle(err);
        return;
      }
      upload = onFile(
        grant,
        fields,
        partBytes(file, () => aborted),
      );
      upload.then(
        (value) => settle(undefined, value),
        (err) => {
          file.resume();
          settle(err);
        },
      );
    });
    parser.on('close', () => {
      if (!upload) settle(malformedForm());
    });
    // Before the file part the form is malformed; inside it, the upload fails through the part and settles then.
    parser.on('error', () => {
      if (!upload) settle(aborted ? new Error('request aborted') : malformedForm());
    });
    source.pipe(parser);
  });
}

/**
 * Where the browser sends its bytes when storage is local disk: our server plays S3's part with
 * the same presigned PUT / POST protocol, authenticated by the signature alone (no cookie, no
 * X-Requested-With), so this sub-app is mounted outside the CSRF-guarded API, at /storage.
 */
export const storageRoutes = new Hono<AppEnv>()
  .put('/o/*', async (c) => {
    const storage = storageOf(c.var.deps);
    if (!isLocal(storage)) throw notFound();
    const body = bodyOf(c);
    try {
      const grant = verifyPut(storage.secret, c.req.path.slice(LOCAL_PUT_PREFIX.length), c.req.query());
      const length = c.req.header('content-length');
      const row = await receiveLocalUpload(c.var.deps, {
        grant,
        contentType: c.req.header('content-type'),
        declaredLength: length !== undefined ? Number(length) : undefined,
        // The stream itself, read through its events (no promise per chunk); stopping early pauses it, never
        // destroys it (and with it the socket): the rest is drained below and the answer still reaches the client.
        source: body.stream,
      });
      c.header('ETag', `"${row.id}-${row.size}"`);
      return c.json({ data: toFileDto(row) });
    } catch (err) {
      await drainBeforeAnswer(c, body);
      throw err;
    }
  })
  .post('/form', async (c) => {
    const storage = storageOf(c.var.deps);
    if (!isLocal(storage)) throw notFound();
    const body = bodyOf(c);
    try {
      const row = await receiveForm(
        body.stream,
        c.req.header('content-type') ?? '',
        (fields) => verifyPost(storage.secret, fields),
        (grant, fields, file) =>
          receiveLocalUpload(c.var.deps, { grant, contentType: fields['Content-Type'], source: file }),
      );
      return c.json({ data: toFileDto(row) });
    } catch (err) {
      await drainBeforeAnswer(c, body);
      throw err;
    }
  });
