import { describe, expect, it } from 'vitest';
import { PIN_STATES } from '#domain/plan-pins';
import type { BoardFailure } from '#domain/plan-pins-responses';
import { isPdfPlan, legendStates, nudge, pinsOn, pointOnPlan } from './pin-geometry.ts';

const row = (over: Partial<BoardFailure>): BoardFailure => ({
  kind: 'failure',
  id: 1,
  number: 1,
  ticket_id: 1,
  label: 'Fisura',
  state: 'pendiente',
  can_pin: true,
  pin: null,
  ...over,
});

describe('pin geometry', () => {
  it('turns a tap into fractions of the plan, clamped to it and rounded to four decimals', () => {
    const rect = { left: 10, top: 20, width: 300, height: 200 };
    expect(pointOnPlan(rect, 85, 70)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointOnPlan(rect, 0, 500)).toEqual({ x: 0, y: 1 });
    expect(pointOnPlan(rect, 110, 20 + 200 / 3)).toEqual({ x: 0.3333, y: 0.3333 });
    expect(pointOnPlan({ left: 0, top: 0, width: 0, height: 0 }, 5, 5)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('moves the keyboard mark by arrows, 2 % or 10 % with Shift, never off the plan', () => {
    expect(nudge({ x: 0.5, y: 0.5 }, 'ArrowLeft')).toEqual({ x: 0.48, y: 0.5 });
    expect(nudge({ x: 0.5, y: 0.5 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.6 });
    expect(nudge({ x: 0.99, y: 0.01 }, 'ArrowRight')).toEqual({ x: 1, y: 0.01 });
    expect(nudge({ x: 0.5, y: 0.01 }, 'ArrowUp')).toEqual({ x: 0.5, y: 0 });
    expect(nudge({ x: 0.5, y: 0.5 }, 'Enter')).toBeNull();
  });

  it('knows a PDF plan, the pins of one page and the legend of the states present', () => {
    expect(isPdfPlan({ type: 'application/pdf', url: '/x' })).toBe(true);
    expect(isPdfPlan({ type: 'image/png', url: '/x.png' })).toBe(false);
    const rows = [
      row({ id: 1, pin: { plan_id: 7, page: 1, x: 0.1, y: 0.1 } }),
      row({ id: 2, state: 'solucionada', pin: { plan_id: 7, page: 2, x: 0.1, y: 0.1 } }),
      row({ id: 3, state: 'revision' }),
    ];
    expect(pinsOn(rows, 7, 1).map((r) => r.id)).toEqual([1]);
    expect(legendStates(rows, PIN_STATES)).toEqual(['pendiente', 'solucionada', 'revision']);
  });
});
