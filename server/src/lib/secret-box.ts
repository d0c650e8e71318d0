import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets a company gives us to call other services (a CRM access token, a platform's client secret) are kept
 * encrypted at rest with AES-256-GCM under a key derived from the process's signing secret (AppConfig.signingSecret),
 * and never sent back to a browser. Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function createSecretBox(signingSecret: string, purpose = 'integration-secrets'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'secret-box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
