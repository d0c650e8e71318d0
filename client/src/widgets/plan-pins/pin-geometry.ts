import type { PinState } from '#domain/plan-pins';
import type { BoardFailure, BoardPlan } from '#domain/plan-pins-responses';

export type PinPoint = { x: number; y: number };

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
/** Four decimals: a tenth of a millimetre on an A1 plan, and what the API stores without noise. */
const round = (n: number) => Math.round(clamp01(n) * 10_000) / 10_000;

/** Where a tap or click fell on the plan, as fractions of its width and height from the top-left corner. */
export function pointOnPlan(
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): PinPoint {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0.5, y: 0.5 };
  return { x: round((clientX - rect.left) / rect.width), y: round((clientY - rect.top) / rect.height) };
}

/** The keyboard's way to place a pin: arrows move the mark by 2 % (Shift: 10 %), inside the plan. */
export function nudge(point: PinPoint, key: string, isLarge = false): PinPoint | null {
  const step = isLarge ? 0.1 : 0.02;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[key];
  return move ? { x: round(point.x + move[0]), y: round(point.y + move[1]) } : null;
}

export const isPdfPlan = (plan: Pick<BoardPlan, 'type' | 'url'>) =>
  plan.type === 'application/pdf' || /\.pdf$/i.test(plan.url);

/** The pins drawn on one page of one plan. */
export const pinsOn = (failures: BoardFailure[], planId: number, page: number) =>
  failures.filter((f) => f.pin?.plan_id === planId && f.pin.page === page);

/** The states present on the board, in the order of domain/plan-pins.ts, for the legend. */
export function legendStates(failures: BoardFailure[], order: readonly PinState[]): PinState[] {
  const present = new Set(failures.map((f) => f.state));
  return order.filter((s) => present.has(s));
}
