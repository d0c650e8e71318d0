import { ZOOM } from '#domain/limits';

/** How the image viewer shows its image: scaled about the view's centre, then moved by (x, y) CSS pixels. */
export type ZoomState = { scale: number; x: number; y: number };
export const ZOOM_RESET: ZoomState = { scale: 1, x: 0, y: 0 };

/**
 * docs/product.md §9 zoom scale 0 to 50 in steps of 0.25. A scale of 0 would hide the image, so the
 * smallest shown is one step.
 */
export const MIN_SCALE = Math.max(ZOOM.min, ZOOM.step);
export const MAX_SCALE = ZOOM.max;

const clamp = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
const toStep = (scale: number) => Math.round(scale / ZOOM.step) * ZOOM.step;

/**
 * The scale `direction` steps away: at least one step, more on a large scale (each step grows it by a
 * quarter), so going from 1 to 50 takes a few wheel turns, not two hundred.
 */
export function steppedScale(scale: number, direction: 1 | -1): number {
  if (direction > 0) return clamp(Math.max(scale + ZOOM.step, toStep(scale * (1 + ZOOM.step))));
  return clamp(Math.min(scale - ZOOM.step, toStep(scale / (1 + ZOOM.step))));
}

/**
 * Zooms to `scale` keeping the point under `origin` (relative to the view's centre) where it is; back at
 * 1 or below the image is centred again, since there is nothing to pan.
 */
export function zoomTo(state: ZoomState, scale: number, origin = { x: 0, y: 0 }): ZoomState {
  const next = clamp(scale);
  if (next <= 1) return { scale: next, x: 0, y: 0 };
  const ratio = next / state.scale;
  return { scale: next, x: origin.x - (origin.x - state.x) * ratio, y: origin.y - (origin.y - state.y) * ratio };
}

/** Moves a zoomed image; an image at its fitted size or smaller stays centred. */
export function panBy(state: ZoomState, dx: number, dy: number): ZoomState {
  return state.scale <= 1 ? state : { ...state, x: state.x + dx, y: state.y + dy };
}

/** The scale a pinch reached: the starting scale times how much the fingers spread, within the limits. */
export const pinchScale = (startScale: number, startDistance: number, distance: number) =>
  clamp(startDistance > 0 ? (startScale * distance) / startDistance : startScale);

export const snapScale = (scale: number) => clamp(toStep(scale));
