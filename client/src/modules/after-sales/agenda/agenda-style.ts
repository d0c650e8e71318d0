import type { CSSProperties } from 'react';
import type { OrderState } from '#domain/orders';
import { readableTextColor } from '../../../widgets/color.ts';

/** A visit without a responsible (or one without a colour) shows in this blue. */
export const NO_RESPONSIBLE_COLOR = '#2b7bd6';
export const OVERLAP_BORDER = '2px solid #dc2626';

/** How the state reads on a visit: scheduled is striped (waiting for the owner), confirmed solid, done faded. */
export const STATE_LOOKS = {
  agendada: 'striped',
  confirmada: 'solid',
  gestionada: 'faded',
  finalizada: 'faded',
} as const satisfies Partial<Record<OrderState, string>>;
export type StateLook = (typeof STATE_LOOKS)[keyof typeof STATE_LOOKS];

const STRIPES = 'repeating-linear-gradient(45deg, transparent 0 6px, rgba(255,255,255,0.18) 6px 12px)';

export const lookOf = (state: string): StateLook => STATE_LOOKS[state as keyof typeof STATE_LOOKS] ?? 'solid';

/**
 * The colours of a visit on the calendar and in its legend (one rule for both): the responsible's colour, the
 * state as a pattern, overlaps with a red border; `dimmed` while another responsible's visit is dragged.
 */
export function visitStyle(
  color: string | null | undefined,
  state: string,
  overlap: boolean,
  dimmed = false,
): CSSProperties {
  const background = color || NO_RESPONSIBLE_COLOR;
  const look = lookOf(state);
  return {
    backgroundColor: background,
    color: readableTextColor(background),
    borderRadius: 4,
    border: overlap ? OVERLAP_BORDER : '1px solid rgba(0,0,0,0.15)',
    opacity: dimmed ? 0.35 : look === 'faded' ? 0.6 : look === 'striped' ? 0.85 : 1,
    backgroundImage: look === 'striped' ? STRIPES : undefined,
  };
}
