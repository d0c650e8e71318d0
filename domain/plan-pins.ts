import { z } from 'zod';
import { id } from './schemas/common.ts';
import { FAILURE_STATES } from './failures.ts';

/**
 * A failure pinned on its unit type's plan (docs/product.md#defects-on-plans): which plan (an upload of
 * the project configuration's planos tab), which page of a PDF plan (1 for an image) and where, as
 * fractions of the page's width and height measured from its top-left corner, so the pin stays put at
 * any zoom, on any screen and in the PDFs.
 */
export const PLAN_PAGE_MAX = 500;

const fraction = z
  .number({ error: 'validation.number' })
  .min(0, 'validation.min_value')
  .max(1, 'validation.max_value')
  .refine(Number.isFinite, 'validation.number');

export const planPinSchema = z.object({
  plan_id: id(),
  page: z
    .number({ error: 'validation.number' })
    .int('validation.invalid')
    .min(1, 'validation.min_value')
    .max(PLAN_PAGE_MAX, 'validation.max_value')
    .default(1),
  x: fraction,
  y: fraction,
});
export type PlanPinInput = z.output<typeof planPinSchema>;

/** What a failure (or a delivery revision result) stores: the pin's plan, page and position. */
export type PlanPin = { planId: number; page: number; x: number; y: number };

export const toStoredPin = (input: PlanPinInput): PlanPin => ({
  planId: input.plan_id,
  page: input.page,
  x: input.x,
  y: input.y,
});

/**
 * The states a pin is coloured by: a failure's states, and 'revision' for a delivery revision result
 * that has not been passed to after-sales yet.
 */
export const PIN_STATES = [...FAILURE_STATES, 'revision'] as const;
export type PinState = (typeof PIN_STATES)[number];

/** Pin colours by state (the legend reads them too): pending red, judged amber, solved green, closed grey. */
export const PIN_COLORS: Record<PinState, string> = {
  pendiente: '#c53030',
  falla: '#dd6b20',
  cumple: '#2f855a',
  solucionada: '#2f855a',
  solucionada_postventa: '#276749',
  no_aplica: '#718096',
  revision: '#6b46c1',
};
