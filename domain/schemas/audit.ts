import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../audit.ts';
import { dateOrder, id, isoDate } from './common.ts';

/** Filters of the audit log screen and its export (docs/product.md §1): entity, action, user and a date range. */
export const auditListQuery = z
  .object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    user_id: id().optional(),
    from: isoDate().optional(),
    to: isoDate().optional(),
    tz: z.string().max(64).optional(),
  })
  .superRefine(dateOrder('from', 'to'));
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const auditExportQuery = auditListQuery.and(z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') }));
