import { storableJson } from '#domain/retries';

/** docs/product.md §5: a receiver's answer is kept only when it is valid JSON of at most 50 KB (as read, whole). */
export function storableResponse(body: Buffer | undefined, truncated = false): string | null {
  if (!body || truncated || storableJson(body) === undefined) return null;
  return body.toString('utf8');
}
