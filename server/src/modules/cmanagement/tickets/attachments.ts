import { and, asc, eq, inArray } from 'drizzle-orm';
import { CM_FILE_OWNER } from '#domain/cmanagement';
import type { DbOrTx } from '../../../db/client.ts';
import { files } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { checkAttachments } from '../../after-sales/service.ts';

/** Uploads of the caller's, checked as after-sales checks a ticket's (a foreign or unknown path is a 422 on `field`). */
export const confirmAttachments = (deps: AppDeps, user: SessionUser, paths: readonly string[], field: string) =>
  checkAttachments(
    deps,
    user,
    paths.map((path) => ({ path })),
    field,
  );

export type FileView = { path: string; name: string; size: number; type: string };

/** The files tied to a ticket: its attachments and the files answered in its file fields (CM_FILE_OWNER). */
export async function ticketFiles(db: DbOrTx, companyId: number, ticketId: number) {
  const rows = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        eq(files.entityId, ticketId),
        inArray(files.entityType, [CM_FILE_OWNER.ticket, CM_FILE_OWNER.field]),
      ),
    )
    .orderBy(asc(files.id));
  const view = (f: (typeof rows)[number]): FileView => ({
    path: f.path,
    name: f.name,
    size: f.size ?? 0,
    type: f.mime,
  });
  return {
    attachments: rows.filter((f) => f.entityType === CM_FILE_OWNER.ticket).map(view),
    fieldFiles: rows.filter((f) => f.entityType === CM_FILE_OWNER.field).map(view),
  };
}
