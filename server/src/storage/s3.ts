import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { isStoragePath } from '#domain/files';
import { notFound } from '../lib/errors.ts';
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

export type S3Config = { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string };

const secondsUntil = (date: Date) => Math.max(1, Math.floor((date.getTime() - Date.now()) / 1000));

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible storage (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY). The browser uploads
 * straight to the bucket with the signed PUT or POST; reads are streamed through our API so the
 * company check, Content-Disposition and ranges stay ours (docs/decisions.md, Files).
 */
export function createS3Storage(config: S3Config): Storage & { client: S3Client } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
    // MinIO, s3rver and most self-hosted stores only do path-style addressing.
    forcePathStyle: true,
  });
  const Bucket = config.bucket;
  const key = (objectPath: string) => {
    if (!isStoragePath(objectPath)) throw notFound();
    return objectPath;
  };

  async function presignPut(req: SignRequest): Promise<PutTarget> {
    const command = new PutObjectCommand({
      Bucket,
      Key: key(req.path),
      ContentType: req.contentType,
      ...(req.size !== undefined ? { ContentLength: req.size } : {}),
    });
    const signableHeaders = new Set(['content-type', ...(req.size !== undefined ? ['content-length'] : [])]);
    const url = await getSignedUrl(client, command, { expiresIn: secondsUntil(req.expiresAt), signableHeaders });
    return { url, headers: { 'Content-Type': req.contentType } };
  }

  async function presignPost(req: SignRequest): Promise<PostTarget> {
    const { url, fields } = await createPresignedPost(client, {
      Bucket,
      Key: key(req.path),
      Conditions: [
        ['content-length-range', 1, req.maxBytes],
        ['eq', '$Content-Type', req.contentType],
      ],
      Fields: { 'Content-Type': req.contentType },
      Expires: secondsUntil(req.expiresAt),
    });
    return { action: url, fields };
  }

  async function stat(objectPath: string): Promise<ObjectInfo | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key(objectPath) }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType, modifiedAt: head.LastModified };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async function read(objectPath: string, range?: ByteRange): Promise<Readable> {
    const out = await client.send(
      new GetObjectCommand({
        Bucket,
        Key: key(objectPath),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    const body = out.Body;
    if (!body) throw notFound();
    // In Node the SDK hands back an http.IncomingMessage: a stream, never the whole object.
    return body instanceof Readable
      ? body
      : Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
  }

  async function readHead(objectPath: string, bytes: number): Promise<Buffer> {
    const stream = await read(objectPath, { start: 0, end: bytes - 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  async function writeSmall(objectPath: string, body: Buffer, contentType: string): Promise<void> {
    await client.send(new PutObjectCommand({ Bucket, Key: key(objectPath), Body: body, ContentType: contentType }));
  }

  async function remove(objectPath: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key(objectPath) }));
  }

  /** Copied inside the bucket (CopyObject: up to 5 GB, far above the library's largest file). */
  async function copy(from: string, to: string, contentType: string): Promise<void> {
    try {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: key(to),
          // Generated paths hold only [0-9a-z/.-]: nothing to escape in the copy source.
          CopySource: `${Bucket}/${key(from)}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
    } catch (err) {
      if (isMissing(err)) throw notFound();
      throw err;
    }
  }

  async function createMultipart(objectPath: string, contentType: string): Promise<string> {
    const out = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key(objectPath), ContentType: contentType }),
    );
    if (!out.UploadId) throw new Error('the bucket answered no UploadId');
    return out.UploadId;
  }

  /** The part's exact size is signed (Content-Length), so the bucket refuses any other body. */
  async function presignPart(req: PartSignRequest): Promise<PutTarget> {
    const command = new UploadPartCommand({
      Bucket,
      Key: key(req.path),
      UploadId: req.uploadId,
      PartNumber: req.partNumber,
      ContentLength: req.maxBytes,
    });
    const url = await getSignedUrl(client, command, {
      expiresIn: secondsUntil(req.expiresAt),
      signableHeaders: new Set(['content-length']),
    });
    return { url, headers: {} };
  }

  async function listParts(objectPath: string, uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListPartsCommand({ Bucket, Key: key(objectPath), UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const p of page.Parts ?? [])
        if (p.PartNumber && p.ETag) parts.push({ number: p.PartNumber, etag: p.ETag, size: Number(p.Size ?? 0) });
      if (!page.IsTruncated || !page.NextPartNumberMarker) return parts;
      marker = page.NextPartNumberMarker;
    }
  }

  async function completeMultipart(
    objectPath: string,
    uploadId: string,
    parts: readonly { number: number; etag: string }[],
  ): Promise<void> {
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: key(objectPath),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.number, ETag: p.etag })) },
      }),
    );
  }

  async function abortMultipart(objectPath: string, uploadId: string): Promise<void> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key(objectPath), UploadId: uploadId }));
    } catch (err) {
      // Already completed or aborted (NoSuchUpload): nothing is left to drop.
      if (!isMissing(err) && (err as { name?: string }).name !== 'NoSuchUpload') throw err;
    }
  }

  return {
    kind: 's3',
    client,
    presignPut,
    presignPost,
    stat,
    readHead,
    read,
    writeSmall,
    remove,
    createMultipart,
    presignPart,
    listParts,
    completeMultipart,
    abortMultipart,
    copy,
  };
}
