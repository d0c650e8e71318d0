import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { warrantyCounters, type Attachment } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import { attachFiles, confirmUpload } from '../../files/service.ts';

/** Next number of a per-project sequence (tickets, OI, OT, AC), atomic under concurrent requests. */
export async function nextNumber(tx: Tx, projectId: number, kind: 'ticket' | 'OI' | 'OT' | 'AC'): Promise<number> {
  const [row] = await tx
    .insert(warrantyCounters)
    .values({ projectId, kind, value: 1 })
    .onConflictDoUpdate({
      target: [warrantyCounters.projectId, warrantyCounters.kind],
      set: { value: sql`${warrantyCounters.value} + 1` },
    })
    .returning({ value: warrantyCounters.value });
  return row.value;
}

/**
 * Attachments are paths handed out by POST files/upload-url. Each must be an upload of the caller
 * (their company's, and their own when they are an owner) that arrived and passed the checks; name,
 * size and type come from the files module's record, not from the request.
 */
export async function checkAttachments(
  deps: AppDeps,
  user: SessionUser,
  list: { path: string }[],
  field = 'attachments',
): Promise<Attachment[]> {
  const paths = [...new Set(list.map((a) => a.path))];
  const out: Attachment[] = [];
  for (const path of paths) {
    try {
      const f = await confirmUpload(deps, user, path);
      out.push({ path: f.path, name: f.name, size: f.size, type: f.type });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        throw new ApiError(422, 'errors.validation', undefined, [
          { field, key: 'after_sales.errors.invalid_attachment' },
        ]);
      }
      throw error;
    }
  }
  return out;
}

/**
 * Ties uploads to the ticket so the files module can decide who reads them: 'ticket' files are
 * readable by the ticket's owners, 'ticket_private' ones (private messages) by staff only.
 */
export async function linkAttachments(
  deps: AppDeps,
  companyId: number,
  ticketId: number,
  list: Attachment[],
  visibility: 'public' | 'private' = 'public',
) {
  if (!list.length) return;
  await attachFiles(
    deps,
    companyId,
    list.map((a) => a.path),
    { type: visibility === 'public' ? 'ticket' : 'ticket_private', id: ticketId },
  );
}
