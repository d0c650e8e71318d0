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

/** One part of a multipart upload as the storage holds it (ETag as the storage answered it, quotes included). */
export type StoredPart = { number: number; etag: string; size: number };
/** What a part's presigned PUT binds: the upload, the part's number, its exact size, until when. */
export type PartSignRequest = {
  path: string;
  uploadId: string;
  partNumber: number;
  expiresAt: Date;
  /** Origin the browser reached us on; local URLs point back to it. */
  origin: string;
  /** The part's exact size (S3 signs Content-Length; the local endpoint refuses more). */
  maxBytes: number;
};

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
  /**
   * The object at `from` stored again at `to` (a library file attached elsewhere, an attachment saved to the library:
   * server/src/modules/files/copies.ts); the new object carries `contentType`. Never read into memory.
   */
  copy(from: string, to: string, contentType: string): Promise<void>;
  /**
   * Large files go up in parts (S3's multipart protocol; the local backend keeps the parts under
   * DATA_DIR/files/.multipart/<uploadId>/): start one, sign each part's PUT, list what arrived, join the parts
   * in order into the object at `path`, or abort and drop them.
   */
  createMultipart(path: string, contentType: string): Promise<string>;
  presignPart(req: PartSignRequest): Promise<PutTarget>;
  listParts(path: string, uploadId: string): Promise<StoredPart[]>;
  completeMultipart(path: string, uploadId: string, parts: readonly { number: number; etag: string }[]): Promise<void>;
  abortMultipart(path: string, uploadId: string): Promise<void>;
};
