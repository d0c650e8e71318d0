import { z } from 'zod';
import { INTEGRATION_KINDS, INTEGRATION_STATES } from './integrations.ts';
import { instant } from './responses.ts';

/**
 * One integration as config/integraciones shows it (docs/product.md §2, §3 CRM integration): its state (null: never
 * requested), whether everything activation needs is saved, the plain settings, and of each secret only whether it
 * is set and, for long ones, its last four characters.
 */
export const connectionViewSchema = z.object({
  kind: z.enum(INTEGRATION_KINDS),
  state: z.enum(INTEGRATION_STATES).nullable(),
  configured: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.object({ set: z.boolean(), last4: z.string().nullable() })),
  requested_at: instant.nullable(),
  updated_at: instant.nullable(),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;
