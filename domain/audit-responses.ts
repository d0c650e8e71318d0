import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit.ts';
import { instant } from './responses.ts';

/** One line of the audit log screen (docs/product.md §1 administration): who, when, what, and what changed. */
export const auditRowSchema = z.object({
  id: z.number(),
  created_at: instant,
  user: z.object({ id: z.number(), full_name: z.string(), username: z.string() }).nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.number().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
