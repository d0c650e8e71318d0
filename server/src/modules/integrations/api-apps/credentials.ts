import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_APP_CLIENT_ID_PREFIX, API_APP_SECRET_PREFIX } from '#domain/api-apps';
import { newToken, sha256 } from '../../../auth/tokens.ts';

/**
 * Credentials of an API app. Secrets and tokens are 256 random bits, so only their SHA-256 is stored: a slow
 * password hash (argon2id) protects guessable passwords, and would only make the token endpoint a CPU sink here
 * (docs/api.md "Public API").
 */
export const newClientId = () => `${API_APP_CLIENT_ID_PREFIX}${randomBytes(12).toString('hex')}`;
export const newClientSecret = () => `${API_APP_SECRET_PREFIX}${newToken()}`;
export const newAccessToken = () => newToken();
export const hashCredential = sha256;

/** Whether a presented secret matches a stored hash, in constant time. */
export function credentialMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashCredential(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
