import { z } from 'zod';
import { PIN_STATES } from './plan-pins.ts';

/** What the plan-board routes answer (docs/api.md …/plano); tests/contracts/responses.test.ts parses the real answers. */
const pinSchema = z.object({ plan_id: z.number(), page: z.number(), x: z.number(), y: z.number() });

/** One plan of the unit type, as the board lists it. */
export const boardPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  type: z.string(),
});

/** One numbered failure of the unit on the board; `pin` null while it is not placed. */
export const boardFailureSchema = z.object({
  kind: z.enum(['failure', 'revision']),
  id: z.number(),
  number: z.number(),
  ticket_id: z.number().nullable(),
  label: z.string(),
  state: z.enum(PIN_STATES),
  can_pin: z.boolean(),
  pin: pinSchema.nullable(),
});

/** GET …/plano: the unit type's plans and every failure of the unit, numbered in order of creation. */
export const planBoardSchema = z.object({
  unit_id: z.number(),
  plans: z.array(boardPlanSchema),
  failures: z.array(boardFailureSchema),
});
export type PlanBoard = z.infer<typeof planBoardSchema>;
export type BoardFailure = z.infer<typeof boardFailureSchema>;
export type BoardPlan = z.infer<typeof boardPlanSchema>;
