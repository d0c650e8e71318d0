import { describe, expect, it } from 'vitest';
import { WEBHOOK_BODY_MAX_BYTES } from './limits.ts';
import { MAX_ATTEMPTS, retryDelayMs, storableJson } from './retries.ts';

describe('retries', () => {
  it('backs off exponentially with jitter for about a day, then stops', () => {
    const nominal = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, undefined, () => 0.5)!);
    expect(nominal.every((d, i) => i === 0 || d > nominal[i - 1])).toBe(true);
    const total = nominal.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(total).toBeGreaterThan(20);
    expect(total).toBeLessThan(30);
    expect(retryDelayMs(1, undefined, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, undefined, () => 0.999_999)).toBeCloseTo(6_000, -1);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeUndefined();
  });

  it('keeps a response body only when it is valid JSON of at most 50 KB', () => {
    expect(storableJson('{"ok":true}')).toEqual({ ok: true });
    expect(storableJson('<html>')).toBeUndefined();
    expect(storableJson(JSON.stringify({ x: 'a'.repeat(WEBHOOK_BODY_MAX_BYTES) }))).toBeUndefined();
    expect(storableJson(new TextEncoder().encode('[1,2]'))).toEqual([1, 2]);
    expect(storableJson('')).toBeUndefined();
    expect(storableJson(JSON.stringify('a'.repeat(WEBHOOK_BODY_MAX_BYTES - 2)))).toBeDefined();
  });
});
