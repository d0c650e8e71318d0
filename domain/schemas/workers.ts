import { z } from 'zod';
import { CONTRACT_TYPES } from '../workers.ts';
import { dateOrder, dateString, id, isoDate, optionalText, requiredText, rut } from './common.ts';

/**
 * A worker and their contract (docs/product.md §2 config trabajadores). The identity document is checked as a
 * RUT and labelled by the company's country (docs/product.md §5), so the schema is built for that country.
 */
export function workerSchemaFor(country: string | null | undefined) {
  return z
    .object({
      first_name: requiredText({ max: 80, noDoubleSpaces: true }),
      last_name: requiredText({ max: 80, noDoubleSpaces: true }),
      rut: rut({ country }),
      contractor_company: optionalText({ max: 120 }),
      position_id: id().nullish(),
      contract_type: z.enum(CONTRACT_TYPES, { error: 'validation.required' }),
      start_date: dateString(),
      end_date: dateString({ required: false }),
      is_active: z.boolean().default(true),
      user_id: id().nullish(),
    })
    .superRefine(dateOrder('start_date', 'end_date'));
}
export type WorkerInput = z.infer<ReturnType<typeof workerSchemaFor>>;

export const WORKER_SORTS = ['last_name', 'start_date', 'end_date', 'contractor_company'] as const;

/** Filters of the workers list and its export. */
export const workerListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  contract_type: z.enum(CONTRACT_TYPES).optional(),
  position_id: id().optional(),
  active: z.enum(['true', 'false']).optional(),
  ends_before: isoDate().optional(),
});
