import { and, asc, eq, inArray } from 'drizzle-orm';
import { can, MODULE_PERMISSIONS } from '#domain/permissions';
import { formatBytes } from '#domain/files';
import { CONCRETE_DOCUMENT_BYTES_MAX, CONCRETE_UPLOADER_CHANGED_EVENT } from '#domain/concrete-placements';
import type { ConcreteDocument } from '#domain/concrete-placements-responses';
import type { ConcreteDocumentsInput, concreteDocumentListQuerySchema } from '#domain/schemas/concrete';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { concreteDocuments, concretePlacements, files } from '../../../db/schema/index.ts';
import { userBriefs } from '../../../db/staff.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, isUniqueViolation, notFound, unprocessable, type FieldError } from '../../../lib/errors.ts';
import { attachFiles, detachFiles, readableFile, type FileRow } from '../../files/service.ts';
import { assertProjectVisible, visibleProjects } from '../shared/scope.ts';

/**
 * The supporting documents of a project's Concrete (docs/product.md §5: dispatch guides, lab reports, PDF only,
 * CONCRETE_DOCUMENT_BYTES_MAX each): GET and POST hormigon/proyectos/{projectId}/documentos, DELETE
 * hormigon/documentos/{documentId}. The PDFs are uploaded first through the files module (files/upload-url) and
 * attached here by path, each to its document (CONCRETE_DOCUMENT_FILES), so the files module lets read them whoever
 * has the module on that project (registerConcrete, concrete/service.ts).
 */

/** The files module's entity type of a document's PDF (its id is the document's). */
export const CONCRETE_DOCUMENT_FILES = 'concrete_document';

export type ConcreteDocumentListQuery = z.output<typeof concreteDocumentListQuerySchema>;
type DocumentRecord = typeof concreteDocuments.$inferSelect;

const documentScope = (user: SessionUser) =>
  and(eq(concreteDocuments.companyId, user.companyId), inArray(concreteDocuments.projectId, visibleProjects(user)));

/** The documents of a project, oldest first, optionally of one kind or placement. */
export async function listConcreteDocuments(
  db: DbOrTx,
  user: SessionUser,
  projectId: number,
  query: ConcreteDocumentListQuery = {},
): Promise<ConcreteDocument[]> {
  assertProjectVisible(user, projectId);
  const rows = await db
    .select({ document: concreteDocuments, file: files, placementNumber: concretePlacements.number })
    .from(concreteDocuments)
    .innerJoin(files, eq(files.id, concreteDocuments.fileId))
    .leftJoin(concretePlacements, eq(concretePlacements.id, concreteDocuments.placementId))
    .where(
      and(
        eq(concreteDocuments.companyId, user.companyId),
        eq(concreteDocuments.projectId, projectId),
        query.kind ? eq(concreteDocuments.kind, query.kind) : undefined,
        query.placement_id ? eq(concreteDocuments.placementId, query.placement_id) : undefined,
      ),
    )
    .orderBy(asc(concreteDocuments.createdAt), asc(concreteDocuments.id));
  const people = await userBriefs(
    db,
    rows.map((r) => r.document.uploadedBy),
  );
  return rows.map(({ document, file, placementNumber }) => ({
    id: document.id,
    kind: document.kind,
    name: file.name,
    size: file.size ?? 0,
    path: file.path,
    placement:
      document.placementId !== null && placementNumber !== null
        ? { id: document.placementId, number: placementNumber }
        : null,
    uploaded_by: (document.uploadedBy !== null && people.get(document.uploadedBy)) || null,
    created_at: document.createdAt.toISOString(),
  }));
}

const announce = (tx: Tx, user: SessionUser, projectId: number, action: string, data: Record<string, unknown>) =>
  recordEvent(tx, {
    type: CONCRETE_UPLOADER_CHANGED_EVENT,
    companyId: user.companyId,
    projectId,
    actorId: user.id,
    action,
    data: { project_id: projectId, ...data },
  });

/**
 * Each path must be an upload the caller may read, not attached to anything yet, a PDF (by extension and type) of
 * at most CONCRETE_DOCUMENT_BYTES_MAX: anything else is a 422 on files.{i}.path.
 */
async function checkUploads(deps: AppDeps, user: SessionUser, input: ConcreteDocumentsInput): Promise<FileRow[]> {
  const errors: FieldError[] = [];
  const rows: FileRow[] = [];
  const seen = new Set<string>();
  for (const [i, { path }] of input.files.entries()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const field = `files.${i}.path`;
    const row = await readableFile(deps, user, path).catch((error: unknown) => {
      if (error instanceof ApiError && error.status < 500) return undefined;
      throw error;
    });
    if (!row || row.entityType) errors.push({ field, key: 'concrete.errors.document_invalid' });
    else if (row.extension !== 'pdf' || row.mime !== 'application/pdf')
      errors.push({ field, key: 'concrete.errors.document_pdf_only' });
    else if ((row.size ?? 0) > CONCRETE_DOCUMENT_BYTES_MAX)
      errors.push({ field, key: 'validation.file_size', params: { size: formatBytes(CONCRETE_DOCUMENT_BYTES_MAX) } });
    else rows.push(row);
  }
  if (errors.length) throw unprocessable(errors);
  return rows;
}

/** POST: one document per uploaded PDF, of `kind`, optionally of a placement of the project; answers the list. */
export async function addConcreteDocuments(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  input: ConcreteDocumentsInput,
): Promise<ConcreteDocument[]> {
  assertProjectVisible(user, projectId);
  const db = deps.database.db;
  const placementId = input.placement_id ?? null;
  if (placementId !== null) {
    const [placement] = await db
      .select({ id: concretePlacements.id })
      .from(concretePlacements)
      .where(
        and(
          eq(concretePlacements.id, placementId),
          eq(concretePlacements.companyId, user.companyId),
          eq(concretePlacements.projectId, projectId),
        ),
      );
    if (!placement) throw unprocessable([{ field: 'placement_id', key: 'validation.invalid' }]);
  }
  const uploads = await checkUploads(deps, user, input);
  const created = await transactionWithEvents(deps, async (tx) => {
    const rows = await tx
      .insert(concreteDocuments)
      .values(
        uploads.map((file) => ({
          companyId: user.companyId,
          projectId,
          kind: input.kind,
          fileId: file.id,
          placementId,
          uploadedBy: user.id,
        })),
      )
      .returning()
      .catch((error: unknown) => {
        // Another request attached the same upload meanwhile.
        throw isUniqueViolation(error, 'concrete_documents_file_uq')
          ? unprocessable([{ field: 'files', key: 'concrete.errors.document_invalid' }])
          : error;
      });
    await announce(tx, user, projectId, 'concrete.documents.add', {
      document_ids: rows.map((r) => r.id),
      kind: input.kind,
    });
    return rows;
  });
  for (const document of created) {
    const file = uploads.find((f) => f.id === document.fileId)!;
    await attachFiles(deps, user.companyId, [file.path], { type: CONCRETE_DOCUMENT_FILES, id: document.id });
  }
  return listConcreteDocuments(db, user, projectId);
}

/** A document the caller sees (its company, a visible project), else 404. */
async function loadDocument(db: DbOrTx, user: SessionUser, documentId: number): Promise<DocumentRecord> {
  const [row] = await db
    .select()
    .from(concreteDocuments)
    .where(and(eq(concreteDocuments.id, documentId), documentScope(user)));
  if (!row) throw notFound();
  return row;
}

/** DELETE: the document goes; its PDF goes back to its uploader alone (the files module's rule for a gone record). */
export async function removeConcreteDocument(deps: AppDeps, user: SessionUser, documentId: number) {
  const removed = await transactionWithEvents(deps, async (tx) => {
    const current = await loadDocument(tx, user, documentId);
    const [row] = await tx.delete(concreteDocuments).where(eq(concreteDocuments.id, current.id)).returning();
    if (!row) throw notFound();
    await announce(tx, user, row.projectId, 'concrete.documents.remove', { document_ids: [row.id] });
    return row;
  });
  const [file] = await deps.database.db.select({ path: files.path }).from(files).where(eq(files.id, removed.fileId));
  if (file) await detachFiles(deps, user.companyId, [file.path], { type: CONCRETE_DOCUMENT_FILES, id: removed.id });
  return removed;
}

/**
 * registry.fileAccess(CONCRETE_DOCUMENT_FILES): staff with the module who see the document's project (its
 * company's, a project of theirs) may read its PDF.
 */
export async function mayReadConcreteDocument(db: Db, user: SessionUser, documentId: number): Promise<boolean> {
  if (user.kind !== 'staff' || !can(user.permissions, MODULE_PERMISSIONS.concrete)) return false;
  const [row] = await db
    .select({ id: concreteDocuments.id })
    .from(concreteDocuments)
    .where(and(eq(concreteDocuments.id, documentId), documentScope(user)));
  return Boolean(row);
}
