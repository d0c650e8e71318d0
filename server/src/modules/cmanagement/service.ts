import { and, eq } from 'drizzle-orm';
import { CM_FILE_OWNER } from '#domain/cmanagement';
import { can, MODULE_PERMISSIONS } from '#domain/permissions';
import { cmIssues } from '../../db/schema/index.ts';
import type { ModuleRegistry } from '../../registry.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../http/context.ts';
import { CMANAGEMENT_NOTIFICATION_TYPES } from './notification-types.ts';
import { loadCmTicket } from './shared/scope.ts';
import { CM_DUE_SOON_WATCH } from './tasks/due-soon.ts';

const seesTicket = async (db: DbOrTx, user: SessionUser, ticketId: number) =>
  user.kind === 'staff' &&
  can(user.permissions, MODULE_PERMISSIONS.cmanagement) &&
  loadCmTicket(db, user, ticketId).then(
    () => true,
    () => false,
  );

/**
 * What Cmanagement adds to checks other parts own, called once where the process is assembled (server/src/modules.ts):
 * a file on a ticket, in one of its file fields or on one of its issues is read by whoever sees the ticket; and its
 * notification types.
 */
export function registerCmanagement(registry: ModuleRegistry): void {
  registry.fileAccess(CM_FILE_OWNER.ticket, (db, user, file) => seesTicket(db, user, file.entityId));
  registry.fileAccess(CM_FILE_OWNER.field, (db, user, file) => seesTicket(db, user, file.entityId));
  registry.fileAccess(CM_FILE_OWNER.issue, async (db, user, file) => {
    const [issue] = await db
      .select({ ticketId: cmIssues.ticketId })
      .from(cmIssues)
      .where(and(eq(cmIssues.id, file.entityId), eq(cmIssues.companyId, user.companyId)));
    return issue ? seesTicket(db, user, issue.ticketId) : false;
  });
  for (const entry of CMANAGEMENT_NOTIFICATION_TYPES) registry.notificationType(entry);
  registry.periodicTask(CM_DUE_SOON_WATCH);
}
