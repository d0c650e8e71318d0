import { AUDIT_REDACTED_KEYS, type AuditAction, type AuditEntity } from '#domain/audit';
import type { DbOrTx } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/index.ts';

/** Who made the change: a signed-in person, or the system (`userId: null`) for sweeps and jobs. */
export type AuditActor = { companyId: number; userId: number | null };

export type AuditEntry = {
  entity: AuditEntity;
  entityId: number | null;
  action: AuditAction;
  /** The record as it was (null when created) and as it is (null when deleted), in API field names. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const REDACTED: ReadonlySet<string> = new Set(AUDIT_REDACTED_KEYS);

function redact(record: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !REDACTED.has(key)));
}

/**
 * Writes one line of the administrative trail. Call it with the transaction that makes the change, so the
 * trail and the change land together or not at all. Secrets (password fields) are never copied.
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    companyId: actor.companyId,
    userId: actor.userId,
    entityType: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: redact(entry.before),
    after: redact(entry.after),
  });
}

/** The actor of a signed-in user's request. */
export const actorOf = (user: { id: number; companyId: number }): AuditActor => ({
  companyId: user.companyId,
  userId: user.id,
});
