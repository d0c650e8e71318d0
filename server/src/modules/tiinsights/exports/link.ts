import { createHmac } from 'node:crypto';
import { signPut, verifyPut } from '../../../storage/signing.ts';

/**
 * An export's signed download link, with the HMAC of server/src/storage/signing.ts (signPut / verifyPut): it binds
 * the export's id and its expiry; a changed id, expiry or signature is a 403 `signature_invalid`, a use after the
 * expiry a 403 `signature_expired`. The key is derived from AppConfig.signingSecret for this purpose only, so an
 * export link can never pass as a storage upload's signature, nor the other way round.
 */
const exportKey = (signingSecret: string) => createHmac('sha256', signingSecret).update('data-exports').digest('hex');

const grantOf = (exportId: number, expiresAt: Date) => ({
  path: `data-exports/${exportId}`,
  contentType: 'application/zip',
  maxBytes: 0,
  expires: Math.floor(expiresAt.getTime() / 1000),
});

/** Where the client opens an export (a path of the API, which the client resolves with v2Url). */
export const exportDownloadPath = (exportId: number) => `tiinsights/exportaciones/${exportId}/descarga`;

/** The export's signed link, valid until `expiresAt` (to the second). */
export function signedExportUrl(signingSecret: string, exportId: number, expiresAt: Date): string {
  const query = new URLSearchParams(signPut(exportKey(signingSecret), grantOf(exportId, expiresAt)));
  return `${exportDownloadPath(exportId)}?${query.toString()}`;
}

/** Checks a download's query against the export's id; answers the expiry it grants (throws 403 when refused). */
export function verifyExportLink(
  signingSecret: string,
  exportId: number,
  query: Record<string, string | undefined>,
  now = Date.now(),
): Date {
  const grant = verifyPut(exportKey(signingSecret), `data-exports/${exportId}`, query, now);
  return new Date(grant.expires * 1000);
}
