import { z } from 'zod';
import { CONTRACT_TYPES } from './workers.ts';
import { day, instant, refSchema } from './responses.ts';

/** One worker as config trabajadores lists and edits it (docs/product.md §2). */
export const workerRowSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  rut: z.string().nullable(),
  contractor_company: z.string().nullable(),
  position: refSchema.nullable(),
  contract_type: z.enum(CONTRACT_TYPES),
  start_date: day,
  end_date: day.nullable(),
  is_active: z.boolean(),
  user: z.object({ id: z.number(), full_name: z.string(), username: z.string() }).nullable(),
  updated_at: instant,
});
export type WorkerRow = z.infer<typeof workerRowSchema>;
