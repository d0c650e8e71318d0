import { z } from 'zod';
import { refSchema } from './responses.ts';
import { FICHA_STATES } from './fichas.ts';

/**
 * The answer of GET buscar (docs/product.md §9 Global search and shortcuts): up to GLOBAL_SEARCH_LIMIT records per kind, each
 * with what its result line shows and the id its page opens with. A kind whose module the caller lacks is empty.
 */
export const searchTicketSchema = z.object({
  id: z.number(),
  code: z.string(),
  subject: z.string(),
  project: refSchema,
  unit_number: z.string(),
});
export const searchUnitSchema = z.object({
  id: z.number(),
  number: z.string(),
  tower: z.string().nullable(),
  project: refSchema,
  delivery_state: z.enum(FICHA_STATES),
});
/** One owner of one unit: an owner of two units is two results, each opening that unit's ficha. */
export const searchOwnerSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  rut: z.string().nullable(),
  unit_id: z.number(),
  unit_number: z.string(),
  project: refSchema,
});
export const globalSearchSchema = z.object({
  tickets: z.array(searchTicketSchema),
  units: z.array(searchUnitSchema),
  owners: z.array(searchOwnerSchema),
});
export type SearchTicket = z.infer<typeof searchTicketSchema>;
export type SearchUnit = z.infer<typeof searchUnitSchema>;
export type SearchOwner = z.infer<typeof searchOwnerSchema>;
export type GlobalSearch = z.infer<typeof globalSearchSchema>;
