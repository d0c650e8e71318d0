import type { Readable } from 'node:stream';

/** What a signature binds (docs/decisions.md, Files): where, what type, how big at most, until when. */
export type SignRequest = {
  path: string;
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
  /** Exact size when the client declared it (S3 then signs Content-Length too). */
  size?: number;
  /** Origin the browser reached us on; local URLs point back to it. */
  origin: string;
};

export type PutTarget = { url: string; headers: Record<string, string> };
export type PostTarget = { action: string; fields: Record<string, string> };
export type ObjectInfo = { size: number; contentType?: string; modifiedAt?: Date };
export type ByteRange = { start: number; end: number };

/**
 * A place to keep files that speaks S3's presigned PUT and POST protocol (docs/architecture.md §3): local disk
 * under DATA_DIR, where our own /storage endpoints play S3's part, or real S3-compatible storage.
 */
export type Storage = {
  kind: 'local' | 's3';
  presignPut(req: SignRequest): Promise<PutTarget>;
  presignPost(req: SignRequest): Promise<PostTarget>;
  stat(path: string): Promise<ObjectInfo | undefined>;
  /** The first `bytes` bytes, for sniffing content after an upload that bypassed us (S3). */
  readHead(path: string, bytes: number): Promise<Buffer>;
  /** A stream of the whole object or of one inclusive byte range; never buffered whole. */
  read(path: string, range?: ByteRange): Promise<Readable>;
  /** Small objects we produce ourselves (thumbnails). */
  writeSmall(path: string, body: Buffer, contentType: string): Promise<void>;
  remove(path: string): Promise<void>;
};
