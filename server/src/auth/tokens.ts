import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, base64url; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
