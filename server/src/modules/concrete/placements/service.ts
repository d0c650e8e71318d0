import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { PLACEMENT_EDITABLE_STATES } from '#domain/concrete-placements';
import { placementCycleOrAxes, type PlacementCreateInput, type PlacementUpdateInput } from '#domain/schemas/concrete';
import type { Tx } from '../../../db/client.ts';
import {
  bimElements,
  concreteCompanies,
  concreteElements,
  concreteModels,
  concretePlacementElements,
  concretePlacements,
  concreteTypes,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict, unprocessable, type FieldError } from '../../../lib/errors.ts';
import { concreteSettingsOf } from '../config/settings.ts';
import { announcePlacementChange } from '../shared/events.ts';
import { assertProjectVisible, loadPlacement, type PlacementRecord } from '../shared/scope.ts';

/**
 * Creating and editing a scheduled placement (docs/product.md §3 Concrete placement, §5; docs/decisions.md D-281):
 * the schema's rules are checked by jsonBody; here what needs the database — the catalogues, the m3 limit, the
 * elements of the project's Concrete model and that no other live placement holds them.
 */

type Fields = Omit<PlacementCreateInput, 'project_id'>;

async function catalogueErrors(tx: Tx, companyId: number, f: Partial<Fields>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const activeOf = async (table: typeof concreteElements | typeof concreteTypes, id: number | undefined) => {
    if (id === undefined) return true;
    const [row] = await tx
      .select({ active: table.active })
      .from(table)
      .where(and(eq(table.id, id), eq(table.companyId, companyId)));
    return row?.active === true;
  };
  if (!(await activeOf(concreteElements, f.element_id)))
    errors.push({ field: 'element_id', key: 'validation.invalid' });
  if (!(await activeOf(concreteTypes, f.concrete_type_id)))
    errors.push({ field: 'concrete_type_id', key: 'validation.invalid' });
  if (f.concrete_company_id !== undefined) {
    const [company] = await tx
      .select()
      .from(concreteCompanies)
      .where(and(eq(concreteCompanies.id, f.concrete_company_id), eq(concreteCompanies.companyId, companyId)));
    if (!company?.active) errors.push({ field: 'concrete_company_id', key: 'validation.invalid' });
    else if (!company.homologated)
      errors.push({ field: 'concrete_company_id', key: 'concrete.errors.company_not_homologated' });
  }
  if (f.m3 !== undefined) {
    const { placement_m3_max } = await concreteSettingsOf(tx, companyId);
    if (f.m3 > placement_m3_max)
      errors.push({
        field: 'm3',
        key: 'validation.max_value',
        params: { max: String(placement_m3_max).replace('.', ',') },
      });
  }
  return errors;
}

/**
 * The GlobalIds must be elements of the project's Concrete model (docs/product.md §5), held by no other live
 * placement. Answers the errors on `global_ids`.
 */
async function elementErrors(
  tx: Tx,
  projectId: number,
  globalIds: readonly string[],
  self: number | null,
): Promise<FieldError[]> {
  const ids = [...new Set(globalIds)];
  if (!ids.length) return [];
  const [model] = await tx.select().from(concreteModels).where(eq(concreteModels.projectId, projectId));
  if (!model) return [{ field: 'global_ids', key: 'concrete.errors.no_model' }];
  const known = await tx
    .selectDistinct({ globalId: bimElements.globalId })
    .from(bimElements)
    .where(and(eq(bimElements.modelId, model.modelId), inArray(bimElements.globalId, ids)));
  if (known.length !== ids.length) return [{ field: 'global_ids', key: 'concrete.errors.unknown_elements' }];
  const [taken] = await tx
    .select({ number: concretePlacements.number })
    .from(concretePlacementElements)
    .innerJoin(concretePlacements, eq(concretePlacements.id, concretePlacementElements.placementId))
    .where(
      and(
        eq(concretePlacementElements.projectId, projectId),
        eq(concretePlacementElements.released, false),
        inArray(concretePlacementElements.globalId, ids),
        self === null ? undefined : not(eq(concretePlacementElements.placementId, self)),
      ),
    )
    .limit(1);
  if (taken)
    return [{ field: 'global_ids', key: 'concrete.errors.elements_taken', params: { number: String(taken.number) } }];
  return [];
}

async function writeElements(tx: Tx, placement: PlacementRecord, globalIds: readonly string[]) {
  await tx.delete(concretePlacementElements).where(eq(concretePlacementElements.placementId, placement.id));
  const ids = [...new Set(globalIds)];
  for (let i = 0; i < ids.length; i += 500)
    await tx
      .insert(concretePlacementElements)
      .values(
        ids
          .slice(i, i + 500)
          .map((globalId) => ({ placementId: placement.id, projectId: placement.projectId, globalId })),
      );
}

const columnsOf = (f: Partial<Fields>) => ({
  elementId: f.element_id,
  m3: f.m3,
  location: f.location,
  unit: f.unit,
  zoneCycle: f.zone_cycle,
  axis1: f.axis_1,
  axis2: f.axis_2,
  axis3: f.axis_3,
  axis4: f.axis_4,
  concreteCompanyId: f.concrete_company_id,
  concreteTypeId: f.concrete_type_id,
  scheduledOn: f.scheduled_on,
  notes: f.notes,
});

/** POST hormigon/vaciados: a scheduled placement, numbered next in its project. */
export async function createPlacement(deps: AppDeps, user: SessionUser, input: PlacementCreateInput): Promise<number> {
  assertProjectVisible(user, input.project_id);
  return deps.database.db.transaction(async (tx) => {
    // One numbering per project: concurrent creations queue on the project's lock.
    await tx.execute(sql`select pg_advisory_xact_lock(${0x0c0c}, ${input.project_id})`);
    const errors = [
      ...(await catalogueErrors(tx, user.companyId, input)),
      ...(await elementErrors(tx, input.project_id, input.global_ids, null)),
    ];
    if (errors.length) throw unprocessable(errors);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${concretePlacements.number}), 0) + 1` })
      .from(concretePlacements)
      .where(eq(concretePlacements.projectId, input.project_id));
    const [row] = await tx
      .insert(concretePlacements)
      .values({
        elementId: input.element_id,
        m3: input.m3,
        location: input.location,
        unit: input.unit,
        zoneCycle: input.zone_cycle,
        axis1: input.axis_1,
        axis2: input.axis_2,
        axis3: input.axis_3,
        axis4: input.axis_4,
        concreteCompanyId: input.concrete_company_id,
        concreteTypeId: input.concrete_type_id,
        scheduledOn: input.scheduled_on,
        notes: input.notes,
        companyId: user.companyId,
        projectId: input.project_id,
        number: Number(next),
        createdBy: user.id,
      })
      .returning();
    await writeElements(tx, row, input.global_ids);
    const at = { companyId: user.companyId, projectId: row.projectId, actorId: user.id, action: 'placement.create' };
    await announcePlacementChange(tx, at, { placement_ids: [row.id], batch_ids: [] });
    return row.id;
  });
}

/** PATCH hormigon/vaciados/{placementId}: only a scheduled placement; the fields sent replace theirs. */
export async function updatePlacement(deps: AppDeps, user: SessionUser, id: number, input: PlacementUpdateInput) {
  await deps.database.db.transaction(async (tx) => {
    const current = await loadPlacement(tx, user, id, true);
    if (!(PLACEMENT_EDITABLE_STATES as readonly string[]).includes(current.state))
      throw conflict('concrete.errors.not_editable');
    const merged = {
      zone_cycle: input.zone_cycle !== undefined ? input.zone_cycle : current.zoneCycle,
      axis_1: input.axis_1 !== undefined ? input.axis_1 : current.axis1,
      axis_2: input.axis_2 !== undefined ? input.axis_2 : current.axis2,
      axis_3: input.axis_3 !== undefined ? input.axis_3 : current.axis3,
      axis_4: input.axis_4 !== undefined ? input.axis_4 : current.axis4,
    };
    const ruleErrors: FieldError[] = [];
    placementCycleOrAxes(merged, {
      addIssue: (issue: { message?: string; path?: PropertyKey[] }) =>
        ruleErrors.push({ field: String(issue.path?.[0] ?? 'zone_cycle'), key: issue.message ?? 'validation.invalid' }),
    } as never);
    const errors = [
      ...ruleErrors,
      ...(await catalogueErrors(tx, user.companyId, input)),
      ...(input.global_ids ? await elementErrors(tx, current.projectId, input.global_ids, id) : []),
    ];
    if (errors.length) throw unprocessable(errors);
    const set = Object.fromEntries(Object.entries(columnsOf(input)).filter(([, v]) => v !== undefined));
    await tx
      .update(concretePlacements)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(concretePlacements.id, id));
    if (input.global_ids) await writeElements(tx, current, input.global_ids);
    const at = {
      companyId: user.companyId,
      projectId: current.projectId,
      actorId: user.id,
      action: 'placement.update',
    };
    await announcePlacementChange(tx, at, { placement_ids: [id], batch_ids: [] });
  });
}
