import type { TFunction } from 'i18next';
import { uploadErrorKey, type UploadError as RuleError, type UploadErrorCode } from '#domain/files';
import type { UploadError as ItemError } from '#machines/upload-item';
import { isApiError } from '../../api/errors.ts';
import { TransferError } from './transfer.ts';

/** Why an item failed: the machine's error (decides whether a retry makes sense) and the text of its tooltip. */
export type Failure = { error: ItemError; message: string };

/**
 * Our rule codes → the upload-item machine's errors. Content refusals (executable, mismatch, empty)
 * fail the same way every time, like an invalid extension; only request failures are retryable.
 */
export function itemErrorOf(code: string | undefined): ItemError {
  switch (code) {
    case 'duplicate':
      return 'duplicate';
    case 'too_large':
      return 'too_large';
    case 'no_extension':
      return 'no_extension';
    case 'invalid_extension':
    case 'executable':
    case 'content_mismatch':
    case 'empty':
      return 'invalid_extension';
    case 'max_files':
      return 'limit_exceeded';
    default:
      return 'request_failed';
  }
}

/** A rule broken before sending (docs/product.md §8 message in the current language). */
export function ruleFailure(rule: RuleError, t: TFunction): Failure {
  return { error: itemErrorOf(rule.code), message: t(uploadErrorKey(rule.code), rule.params) };
}

/** A failed request: the server's translated message when it sent one, else docs/product.md §8's default. */
export function requestFailure(err: unknown, t: TFunction): Failure {
  let status = 0;
  let message = '';
  let body: unknown;
  if (isApiError(err)) ({ status, message, body } = err);
  else if (err instanceof TransferError) ({ status, message, body } = err);
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  const known = typeof code === 'string' ? (code as UploadErrorCode) : undefined;
  // A refused rule is final; an expired signature, a 5xx or a dropped connection may work on retry.
  const error = known && known !== 'signature_expired' && status < 500 ? itemErrorOf(known) : 'request_failed';
  return { error, message: message || t(uploadErrorKey('default')) };
}
