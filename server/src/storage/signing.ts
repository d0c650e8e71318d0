import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../lib/errors.ts';

/**
 * HMAC-SHA256 signatures for the local backend's presigned PUT URLs and POST policies. A signature
 * binds path, content type, maximum size and expiry; any change to one of them, or a use after
 * expiry, is refused (docs/decisions.md, Files).
 */
const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(a) || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

export type PutGrant = { path: string; contentType: string; maxBytes: number; expires: number };

const putPayload = (g: PutGrant) => ['PUT', g.path, g.contentType, g.maxBytes, g.expires].join('\n');

export function signPut(secret: string, grant: PutGrant): Record<string, string> {
  return {
    'X-Content-Type': grant.contentType,
    'X-Max-Bytes': String(grant.maxBytes),
    'X-Expires': String(grant.expires),
    'X-Signature': hmac(secret, putPayload(grant)),
  };
}

const invalid = () => new ApiError(403, 'files.errors.signature_invalid', undefined, [], { code: 'signature_invalid' });
const expired = () => new ApiError(403, 'files.errors.signature_expired', undefined, [], { code: 'signature_expired' });

/** Reads and checks the query of a presigned PUT; the signature is checked before the expiry so a forged expiry cannot pass. */
export function verifyPut(
  secret: string,
  path: string,
  query: Record<string, string | undefined>,
  now = Date.now(),
): PutGrant {
  const grant: PutGrant = {
    path,
    contentType: query['X-Content-Type'] ?? '',
    maxBytes: Number(query['X-Max-Bytes']),
    expires: Number(query['X-Expires']),
  };
  const signature = query['X-Signature'] ?? '';
  if (!grant.contentType || !Number.isSafeInteger(grant.maxBytes) || !Number.isSafeInteger(grant.expires))
    throw invalid();
  if (!sameHex(signature, hmac(secret, putPayload(grant)))) throw invalid();
  if (now > grant.expires * 1000) throw expired();
  return grant;
}

/** A part of a multipart upload on the local backend: binds the upload, the part's number, its size and expiry. */
export type PartGrant = { uploadId: string; partNumber: number; maxBytes: number; expires: number };

const partPayload = (g: PartGrant) => ['PART', g.uploadId, g.partNumber, g.maxBytes, g.expires].join('\n');

export function signPart(secret: string, grant: PartGrant): Record<string, string> {
  return {
    'X-Max-Bytes': String(grant.maxBytes),
    'X-Expires': String(grant.expires),
    'X-Signature': hmac(secret, partPayload(grant)),
  };
}

/** Reads and checks the query of a part's presigned PUT (signature first, then expiry, as verifyPut). */
export function verifyPart(
  secret: string,
  uploadId: string,
  partNumber: number,
  query: Record<string, string | undefined>,
  now = Date.now(),
): PartGrant {
  const grant: PartGrant = {
    uploadId,
    partNumber,
    maxBytes: Number(query['X-Max-Bytes']),
    expires: Number(query['X-Expires']),
  };
  if (!Number.isSafeInteger(grant.maxBytes) || !Number.isSafeInteger(grant.expires)) throw invalid();
  if (!sameHex(query['X-Signature'] ?? '', hmac(secret, partPayload(grant)))) throw invalid();
  if (now > grant.expires * 1000) throw expired();
  return grant;
}

/** S3-style POST policy: conditions on key, Content-Type and content-length-range. */
export type PostPolicy = {
  expiration: string;
  conditions: [{ key: string }, { 'Content-Type': string }, ['content-length-range', number, number]];
};

export function signPost(secret: string, grant: PutGrant): Record<string, string> {
  const policy: PostPolicy = {
    expiration: new Date(grant.expires * 1000).toISOString(),
    conditions: [
      { key: grant.path },
      { 'Content-Type': grant.contentType },
      ['content-length-range', 1, grant.maxBytes],
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  return {
    key: grant.path,
    'Content-Type': grant.contentType,
    Policy: encoded,
    'X-Algorithm': 'HMAC-SHA256',
    'X-Signature': hmac(secret, `POST\n${encoded}`),
  };
}

/** Checks a form's fields against its signed policy and returns what the policy grants. */
export function verifyPost(secret: string, fields: Record<string, string>, now = Date.now()): PutGrant {
  const encoded = fields.Policy ?? fields.policy ?? '';
  if (!encoded || !sameHex(fields['X-Signature'] ?? '', hmac(secret, `POST\n${encoded}`))) throw invalid();
  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    throw invalid();
  }
  const [keyCond, typeCond, range] = policy.conditions ?? [];
  const grant: PutGrant = {
    path: keyCond?.key ?? '',
    contentType: typeCond?.['Content-Type'] ?? '',
    maxBytes: Number(range?.[2]),
    expires: Math.floor(Date.parse(policy.expiration) / 1000),
  };
  if (
    fields.key !== grant.path ||
    fields['Content-Type'] !== grant.contentType ||
    !Number.isSafeInteger(grant.maxBytes)
  )
    throw invalid();
  if (!Number.isFinite(grant.expires) || now > grant.expires * 1000) throw expired();
  return grant;
}
