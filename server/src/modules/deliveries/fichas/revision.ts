import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { REVISION_OUTCOMES, type revisionSchema } from '#domain/schemas/deliveries';
import { deliveryRevisionResults, type Attachment } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, type FieldError } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { attachFiles, confirmUpload } from '../../files/service.ts';
import { catalogueOf, failureTypesOf, itemsOfType } from '../catalogue/tree.ts';
import { emitFichaEvent } from '../shared/events.ts';
import { loadUnit } from '../shared/scope.ts';
import { FILE_LINKS } from '../shared/file-access.ts';

type RevisionInput = z.output<typeof revisionSchema>;
type Result = typeof deliveryRevisionResults.$inferSelect;
const invalid = (errors: FieldError[]) => new ApiError(422, 'errors.validation', undefined, errors);

const resultView = (r: Result) => ({
  id: r.id,
  outcome: r.outcome,
  failure_type_id: r.failureTypeId,
  failure_name: r.failureName,
  severity: r.severity,
  observation: r.observation,
  photos: r.photos,
  ticket_id: r.ticketId,
  updated_at: r.updatedAt.toISOString(),
});

/**
 * revision tab: the unit type's catalogue (place → item, with the failures to pick from) and the
 * result recorded for each item. Results of items removed from the catalogue are kept apart.
 */
export async function revisionOf(deps: AppDeps, user: SessionUser, unitId: number) {
  const db = deps.database.db;
  const unit = await loadUnit(db, user, unitId);
  const results = await db.select().from(deliveryRevisionResults).where(eq(deliveryRevisionResults.unitId, unitId));
  const byItem = new Map(results.map((r) => [r.itemId, r]));
  const tree = unit.unitTypeId ? await catalogueOf(db, user.companyId, unit.unitTypeId) : null;
  const shown = new Set<number>();
  const areas = (tree?.areas ?? []).map((a) => ({
    id: a.id,
    name: a.name,
    places: a.places.map((p) => ({
      id: p.id,
      name: p.name,
      items: p.items.map((i) => {
        const r = byItem.get(i.id);
        if (r) shown.add(r.id);
        return {
          id: i.id,
          name: i.name,
          category: i.category,
          failures: i.failures.map((f) => ({ id: f.id, name: f.name, severity: f.severity })),
          result: r ? resultView(r) : null,
        };
      }),
    })),
  }));
  const itemCount = areas.reduce((n, a) => n + a.places.reduce((m, p) => m + p.items.length, 0), 0);
  return {
    unit_type: tree?.unit_type ?? null,
    areas,
    other_results: results
      .filter((r) => !shown.has(r.id))
      .map((r) => ({ ...resultView(r), place_name: r.placeName, item_name: r.itemName })),
    summary: {
      items: itemCount,
      answered: results.length,
      pending_failures: results.filter((r) => r.outcome === 'falla' && !r.ticketId).length,
      by_outcome: Object.fromEntries(REVISION_OUTCOMES.map((o) => [o, results.filter((r) => r.outcome === o).length])),
    },
  };
}

/** Photos must be uploads of the caller's company (never a path of another tenant). */
async function checkPhotos(
  deps: AppDeps,
  user: SessionUser,
  photos: Attachment[],
  field: string,
  errors: FieldError[],
) {
  for (const [i, photo] of photos.entries()) {
    const file = await confirmUpload(deps, user, photo.path).catch(() => undefined);
    if (!file || file.category !== 'image')
      errors.push({ field: `${field}.${i}.path`, key: 'deliveries.errors.invalid_image' });
  }
}

/**
 * Saves revision results by item (upsert). Each item must belong to the unit type's catalogue and
 * a failure to that item (422 per row otherwise); a result already handed to after-sales is frozen.
 */
export async function saveRevision(deps: AppDeps, user: SessionUser, unitId: number, input: RevisionInput) {
  const db = deps.database.db;
  const unit = await loadUnit(db, user, unitId);
  if (!unit.unitTypeId) throw invalid([{ field: 'results', key: 'deliveries.errors.no_unit_type' }]);
  const items = await itemsOfType(
    db,
    user.companyId,
    unit.unitTypeId,
    input.results.map((r) => r.item_id),
  );
  const types = await failureTypesOf(
    db,
    user.companyId,
    input.results.flatMap((r) => (r.failure_type_id ? [r.failure_type_id] : [])),
  );
  const existing = await db.select().from(deliveryRevisionResults).where(eq(deliveryRevisionResults.unitId, unitId));
  const errors: FieldError[] = [];
  const rows: (typeof deliveryRevisionResults.$inferInsert & { photos: Attachment[] })[] = [];
  for (const [i, r] of input.results.entries()) {
    const found = items.find((x) => x.item.id === r.item_id);
    if (!found) {
      errors.push({ field: `results.${i}.item_id`, key: 'deliveries.errors.not_in_catalogue' });
      continue;
    }
    const type =
      r.outcome === 'falla' || r.failure_type_id
        ? types.find((x) => x.id === r.failure_type_id && x.itemId === r.item_id)
        : undefined;
    if (r.failure_type_id && !type) {
      errors.push({ field: `results.${i}.failure_type_id`, key: 'deliveries.errors.not_in_catalogue' });
      continue;
    }
    if (existing.some((e) => e.itemId === r.item_id && e.ticketId)) {
      errors.push({ field: `results.${i}.item_id`, key: 'deliveries.errors.result_passed' });
      continue;
    }
    await checkPhotos(deps, user, r.photos as Attachment[], `results.${i}.photos`, errors);
    rows.push({
      companyId: user.companyId,
      projectId: unit.projectId,
      unitId,
      placeId: found.place.id,
      itemId: found.item.id,
      placeName: found.place.name,
      itemName: found.item.name,
      outcome: r.outcome,
      failureTypeId: type?.id ?? null,
      failureName: type?.name ?? null,
      severity: type?.severity ?? null,
      observation: r.observation ?? null,
      photos: r.photos as Attachment[],
      updatedBy: user.id,
      updatedAt: new Date(),
    });
  }
  if (errors.length) throw invalid(errors);
  await transactionWithEvents(deps, async (tx) => {
    for (const row of rows) {
      await tx
        .insert(deliveryRevisionResults)
        .values(row)
        .onConflictDoUpdate({
          target: [deliveryRevisionResults.unitId, deliveryRevisionResults.itemId],
          set: {
            outcome: row.outcome,
            failureTypeId: row.failureTypeId,
            failureName: row.failureName,
            severity: row.severity,
            observation: row.observation,
            photos: row.photos,
            updatedBy: user.id,
            updatedAt: new Date(),
          },
        });
    }
    await emitFichaEvent(tx, unit, {
      actorId: user.id,
      action: 'revision.save',
      data: { items: rows.length, failures: rows.filter((r) => r.outcome === 'falla').length },
    });
  });
  const paths = rows.flatMap((r) => r.photos.map((p) => p.path));
  if (paths.length) await attachFiles(deps, user.companyId, paths, { type: FILE_LINKS.revision, id: unitId });
  return revisionOf(deps, user, unitId);
}
