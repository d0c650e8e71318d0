import { WEBHOOK_BODY_MAX_BYTES } from '#domain/limits';

/** docs/product.md §5: a receiver's answer is kept only when it is valid JSON of at most 50 KB. */
export function storableResponse(body: Buffer | undefined, truncated = false): string | null {
  if (!body || truncated || body.length === 0 || body.length > WEBHOOK_BODY_MAX_BYTES) return null;
  const text = body.toString('utf8');
  try {
    JSON.parse(text);
    return text;
  } catch {
    return null;
  }
}
