import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { isStoragePath } from '#domain/files';
import { notFound } from '../lib/errors.ts';
import type { ByteRange, ObjectInfo, PostTarget, PutTarget, SignRequest, Storage } from './types.ts';

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

  return { kind: 's3', client, presignPut, presignPost, stat, readHead, read, writeSmall, remove };
}
