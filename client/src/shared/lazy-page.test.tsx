import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withTimeout } from './lazy-page.tsx';

afterEach(() => vi.useRealTimers());

describe('lazy pages (docs/product.md §8 chunk load error after 120 s)', () => {
  it('rejects with a load error when the chunk takes longer than 120 s', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => undefined);
    const p = withTimeout(never);
    const settled = vi.fn();
    p.catch(settled);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(ChunkLoadError));
    expect((settled.mock.calls[0][0] as ChunkLoadError).reason).toBe('timeout');
  });

  it("turns a failed import into a load error, and recognises the browser's own message", async () => {
    await expect(
      withTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
    ).rejects.toMatchObject({ reason: 'failed' });
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
