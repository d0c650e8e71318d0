import { describe, expect, it } from 'vitest';
import { GANTT_ZOOM_LEVELS, GANTT_ZOOMS, pxPerDayOf, ZOOM_PRESETS, ZOOM_SCALE, zoomScale } from './gantt-zoom.ts';

describe('the zoom scale 0–50 on the Gantt’s levels', () => {
  it('each level’s button lands on a step of the scale that draws that level near its usual width', () => {
    for (const level of GANTT_ZOOM_LEVELS) {
      const value = ZOOM_PRESETS[level];
      expect(value % ZOOM_SCALE.step).toBe(0);
      const { level: drawn, scale } = zoomScale(value);
      expect(drawn).toBe(level);
      expect(Math.abs(scale.columnWidth - GANTT_ZOOMS[level].columnWidth)).toBeLessThan(4);
    }
    expect(ZOOM_PRESETS.quarter).toBeLessThan(ZOOM_PRESETS.month);
    expect(ZOOM_PRESETS.month).toBeLessThan(ZOOM_PRESETS.week);
    expect(ZOOM_PRESETS.week).toBeLessThan(ZOOM_PRESETS.day);
  });

  it('the ends of the scale are the quarter and the day levels; out-of-range values are held at the ends', () => {
    expect(zoomScale(ZOOM_SCALE.min).level).toBe('quarter');
    expect(zoomScale(ZOOM_SCALE.max).level).toBe('day');
    expect(pxPerDayOf(-3)).toBe(pxPerDayOf(0));
    expect(pxPerDayOf(80)).toBe(pxPerDayOf(50));
  });

  it('zooming in never makes a day narrower', () => {
    let previous = 0;
    for (let v = ZOOM_SCALE.min; v <= ZOOM_SCALE.max; v += 1) {
      expect(pxPerDayOf(v)).toBeGreaterThan(previous);
      previous = pxPerDayOf(v);
    }
  });
});
