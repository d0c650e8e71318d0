import { and, asc, eq, inArray } from 'drizzle-orm';
import { UPLOAD } from '#domain/limits';
import { fileUrl, formatBytes } from '#domain/files';
import { deliveryCertificates } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, conflict, isUniqueViolation, notFound, type FieldError } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { attachFiles, confirmUpload, detachFiles, type FileDto } from '../../files/service.ts';
import { FILE_LINKS } from '../shared/file-access.ts';
import { emitFichaEvent } from '../shared/events.ts';
import { loadUnit } from '../shared/scope.ts';

type Certificate = typeof deliveryCertificates.$inferSelect;
const view = (c: Certificate) => ({
  id: c.id,
  name: c.name,
  filename: c.name,
  path: c.path,
  url: fileUrl(c.path),
  size: c.size,
  file_size: c.size,
  type: c.mime,
  extension: 'pdf',
  created_at: c.createdAt.toISOString(),
});

/** archivos tab: the unit's certificates. */
export async function listCertificates(deps: AppDeps, user: SessionUser, unitId: number) {
  await loadUnit(deps.database.db, user, unitId);
  const rows = await deps.database.db
    .select()
    .from(deliveryCertificates)
    .where(and(eq(deliveryCertificates.companyId, user.companyId), eq(deliveryCertificates.unitId, unitId)))
    .orderBy(asc(deliveryCertificates.createdAt), asc(deliveryCertificates.id));
  return { data: rows.map(view), max_files: UPLOAD.certificateMaxFiles, max_bytes: UPLOAD.certificateMaxBytes };
}

/**
 * Attaches uploaded certificates (docs/product.md §5: PDF only, at most 100 files per unit, 20 MB each). Each
 * path must be an upload of the caller's company; a path already attached to this unit is skipped,
 * one attached to another unit is a 422 on that path (a path is one certificate of the company).
 */
export async function addCertificates(deps: AppDeps, user: SessionUser, unitId: number, paths: string[]) {
  const db = deps.database.db;
  const unit = await loadUnit(db, user, unitId);
  const unique = [...new Set(paths)];
  const errors: FieldError[] = [];
  const files: FileDto[] = [];
  for (const [i, path] of unique.entries()) {
    const file = await confirmUpload(deps, user, path).catch(() => undefined);
    if (!file) errors.push({ field: `paths.${i}`, key: 'deliveries.errors.invalid_file' });
    else if (file.extension !== 'pdf' || file.type !== 'application/pdf')
      errors.push({ field: `paths.${i}`, key: 'deliveries.errors.pdf_only' });
    else if (file.size > UPLOAD.certificateMaxBytes)
      errors.push({
        field: `paths.${i}`,
        key: 'validation.file_size',
        params: { size: formatBytes(UPLOAD.certificateMaxBytes) },
      });
    else files.push(file);
  }
  if (errors.length) throw new ApiError(422, 'errors.validation', undefined, errors);
  const added = await transactionWithEvents(deps, async (tx) => {
    // Counted under the unit's lock, so two uploads at once cannot pass 100 together.
    await loadUnit(tx, user, unitId, true);
    const stored = await tx
      .select({ path: deliveryCertificates.path })
      .from(deliveryCertificates)
      .where(eq(deliveryCertificates.unitId, unitId));
    const fresh = files.filter((f) => !stored.some((s) => s.path === f.path));
    const elsewhere = fresh.length
      ? await tx
          .select({ path: deliveryCertificates.path })
          .from(deliveryCertificates)
          .where(
            and(
              eq(deliveryCertificates.companyId, user.companyId),
              inArray(
                deliveryCertificates.path,
                fresh.map((f) => f.path),
              ),
            ),
          )
      : [];
    if (elsewhere.length) {
      throw new ApiError(
        422,
        'errors.validation',
        undefined,
        unique.flatMap((path, i) =>
          elsewhere.some((e) => e.path === path)
            ? [{ field: `paths.${i}`, key: 'deliveries.errors.certificate_elsewhere' }]
            : [],
        ),
      );
    }
    if (stored.length + fresh.length > UPLOAD.certificateMaxFiles) {
      throw new ApiError(422, 'deliveries.errors.max_certificates', {
        max: UPLOAD.certificateMaxFiles,
        count: stored.length,
      });
    }
    if (fresh.length) {
      // Another unit attaching the same upload at this very moment loses on the unique index.
      await tx
        .insert(deliveryCertificates)
        .values(
          fresh.map((f) => ({
            companyId: user.companyId,
            unitId,
            path: f.path,
            name: f.name,
            size: f.size,
            mime: f.type,
            createdBy: user.id,
          })),
        )
        .catch((error: unknown) => {
          throw isUniqueViolation(error, 'delivery_certificates_path_uq')
            ? conflict('deliveries.errors.certificate_elsewhere')
            : error;
        });
      await emitFichaEvent(tx, unit, { actorId: user.id, action: 'certificates.add', data: { count: fresh.length } });
    }
    return fresh.length;
  });
  if (added)
    await attachFiles(
      deps,
      user.companyId,
      files.map((f) => f.path),
      { type: FILE_LINKS.certificate, id: unitId },
    );
  return { added, ...(await listCertificates(deps, user, unitId)) };
}

export async function removeCertificate(deps: AppDeps, user: SessionUser, unitId: number, certificateId: number) {
  const unit = await loadUnit(deps.database.db, user, unitId);
  const removed = await transactionWithEvents(deps, async (tx) => {
    const removed = await tx
      .delete(deliveryCertificates)
      .where(
        and(
          eq(deliveryCertificates.id, certificateId),
          eq(deliveryCertificates.unitId, unitId),
          eq(deliveryCertificates.companyId, user.companyId),
        ),
      )
      .returning();
    if (!removed.length) throw notFound();
    await emitFichaEvent(tx, unit, {
      actorId: user.id,
      action: 'certificates.remove',
      data: { name: removed[0].name },
    });
    return removed[0];
  });
  await detachFiles(deps, user.companyId, [removed.path], { type: FILE_LINKS.certificate, id: unitId });
}
