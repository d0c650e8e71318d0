import { z } from 'zod';
import { requiredText } from './common.ts';

/**
 * docs/product.md §5 position name: a minimum and a maximum length (the spec leaves the values open: 2 and 60
 * here, a short job title such as "TI" up to a long one) and no two consecutive spaces.
 */
export const POSITION_NAME_MIN = 2;
export const POSITION_NAME_MAX = 60;

const positionName = requiredText({ min: POSITION_NAME_MIN, max: POSITION_NAME_MAX, noDoubleSpaces: true });

/** POST configuracion/cargos. */
export const positionCreateSchema = z.object({ name: positionName });
export type PositionCreateInput = z.input<typeof positionCreateSchema>;

/** PATCH configuracion/cargos/{id}: rename, disable or enable again. */
export const positionUpdateSchema = z
  .object({ name: positionName.optional(), is_active: z.boolean({ error: 'validation.invalid' }).optional() })
  .refine((v) => v.name !== undefined || v.is_active !== undefined, { message: 'validation.required', path: ['name'] });
export type PositionUpdateInput = z.input<typeof positionUpdateSchema>;
