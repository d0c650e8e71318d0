import { describe, expect, it } from 'vitest';
import { ZOOM_RESET, MAX_SCALE, MIN_SCALE, panBy, pinchScale, snapScale, steppedScale, zoomTo } from './zoom.ts';

describe('image viewer zoom (docs/product.md §9: 0 to 50, step 0.25)', () => {
  it('steps by at least 0.25, faster on a large scale, and stops at the limits', () => {
    expect(steppedScale(1, 1)).toBe(1.25);
    expect(steppedScale(0.25, 1)).toBe(0.5);
    expect(steppedScale(8, 1)).toBe(10);
    expect(steppedScale(MAX_SCALE, 1)).toBe(MAX_SCALE);
    expect(steppedScale(1, -1)).toBe(0.75);
    expect(steppedScale(MIN_SCALE, -1)).toBe(MIN_SCALE);
    let scale = 1;
    let turns = 0;
    while (scale < MAX_SCALE) [scale, turns] = [steppedScale(scale, 1), turns + 1];
    expect(turns).toBeLessThan(25);
  });

  it('keeps the point under the pointer in place, and recentres at the fitted size', () => {
    const zoomed = zoomTo(ZOOM_RESET, 2, { x: 100, y: -50 });
    expect(zoomed).toEqual({ scale: 2, x: -100, y: 50 });
    // The image point under (100, -50) stays there: x + scale * q is the same before and after.
    expect(zoomed.x + 2 * 100).toBe(100);
    expect(zoomTo(zoomed, 1, { x: 10, y: 10 })).toEqual(ZOOM_RESET);
  });

  it('pans only a zoomed image; a pinch scales by the fingers’ spread and snaps to a step', () => {
    expect(panBy(ZOOM_RESET, 30, 20)).toEqual(ZOOM_RESET);
    expect(panBy({ scale: 2, x: 0, y: 0 }, 30, 20)).toEqual({ scale: 2, x: 30, y: 20 });
    expect(pinchScale(1, 100, 260)).toBe(2.6);
    expect(pinchScale(1, 100, 1)).toBe(MIN_SCALE);
    expect(snapScale(2.6)).toBe(2.5);
  });
});
