import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { specifiedStrengthOf, typeDesignation } from '#domain/concrete';
import { EARLY_TEST_AGE_DAYS, placementCommands, type PlacementCommandType } from '#domain/concrete-placements';
import type { PlacementDetail, PlacementRow } from '#domain/concrete-placements-responses';
import type { PlacementListQuery } from '#domain/schemas/concrete';
import { placementMachine } from '#machines/concrete-placement';
import type { DbOrTx } from '../../../db/client.ts';
import {
  concreteBatches,
  concreteCompanies,
  concreteDispatchGuides,
  concreteElements,
  concreteLaboratories,
  concretePlacementElements,
  concretePlacements,
  concreteSamples,
  concreteTypes,
} from '../../../db/schema/index.ts';
import { userBriefs } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { concreteSettingsOf } from '../config/settings.ts';
import { placementScope } from '../shared/scope.ts';

/** The answers of the placement routes (domain/concrete-placements-responses.ts), read in a few grouped queries. */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORTS: Record<PlacementListQuery['sort'], SQL | typeof concretePlacements.number> = {
  scheduled_on: sql`${concretePlacements.scheduledOn}`,
  number: concretePlacements.number,
  m3: sql`${concretePlacements.m3}`,
  state: sql`${concretePlacements.state}`,
  updated_at: sql`${concretePlacements.updatedAt}`,
};

/** The WHERE of GET hormigon/vaciados: the caller's scope, the project and the filters. */
export function placementFilter(user: SessionUser, q: Omit<PlacementListQuery, 'sort' | 'desc' | 'page' | 'rows'>) {
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  return and(
    placementScope(user),
    eq(concretePlacements.projectId, q.project_id),
    q.state?.length ? inArray(concretePlacements.state, q.state) : undefined,
    q.element?.length ? inArray(concretePlacements.elementId, q.element) : undefined,
    q.concrete_type?.length ? inArray(concretePlacements.concreteTypeId, q.concrete_type) : undefined,
    q.concrete_company?.length ? inArray(concretePlacements.concreteCompanyId, q.concrete_company) : undefined,
    q.batch_id ? eq(concretePlacements.batchId, q.batch_id) : undefined,
    q.from ? gte(concretePlacements.scheduledOn, q.from) : undefined,
    q.to ? lte(concretePlacements.scheduledOn, q.to) : undefined,
    like
      ? or(
          sql`${concretePlacements.number}::text = ${q.search}`,
          ilike(concretePlacements.location, like),
          ilike(concretePlacements.unit, like),
          ilike(concretePlacements.zoneCycle, like),
          ilike(concretePlacements.axis1, like),
          ilike(concretePlacements.axis2, like),
          ilike(concretePlacements.axis3, like),
          ilike(concretePlacements.axis4, like),
        )
      : undefined,
  );
}

const rowSelect = {
  p: concretePlacements,
  elementName: concreteElements.name,
  company: { id: concreteCompanies.id, name: concreteCompanies.name, homologated: concreteCompanies.homologated },
  type: concreteTypes,
  batch: { id: concreteBatches.id, number: concreteBatches.number, state: concreteBatches.state },
};

function baseRows(db: DbOrTx) {
  return db
    .select(rowSelect)
    .from(concretePlacements)
    .innerJoin(concreteElements, eq(concreteElements.id, concretePlacements.elementId))
    .innerJoin(concreteCompanies, eq(concreteCompanies.id, concretePlacements.concreteCompanyId))
    .innerJoin(concreteTypes, eq(concreteTypes.id, concretePlacements.concreteTypeId))
    .leftJoin(concreteBatches, eq(concreteBatches.id, concretePlacements.batchId));
}
type BaseRow = Awaited<ReturnType<ReturnType<typeof baseRows>['where']>>[number];

/** Guides' m3, samples, tested samples and elements of each placement named. */
async function countsOf(db: DbOrTx, ids: number[]) {
  const empty = { guides: 0, samples: 0, tested: 0, elements: 0 };
  const out = new Map(ids.map((id) => [id, { ...empty }]));
  if (!ids.length) return out;
  const [guides, samples, elements] = await Promise.all([
    db
      .select({ id: concreteDispatchGuides.placementId, m3: sql<number>`sum(${concreteDispatchGuides.m3})` })
      .from(concreteDispatchGuides)
      .where(inArray(concreteDispatchGuides.placementId, ids))
      .groupBy(concreteDispatchGuides.placementId),
    db
      .select({
        id: concreteSamples.placementId,
        n: count(),
        tested: sql<number>`count(${concreteSamples.acceptanceMpa})`,
      })
      .from(concreteSamples)
      .where(inArray(concreteSamples.placementId, ids))
      .groupBy(concreteSamples.placementId),
    db
      .select({ id: concretePlacementElements.placementId, n: count() })
      .from(concretePlacementElements)
      .where(and(inArray(concretePlacementElements.placementId, ids), eq(concretePlacementElements.released, false)))
      .groupBy(concretePlacementElements.placementId),
  ]);
  for (const g of guides) out.get(g.id)!.guides = Math.round(Number(g.m3) * 10) / 10;
  for (const s of samples) Object.assign(out.get(s.id)!, { samples: Number(s.n), tested: Number(s.tested) });
  for (const e of elements) out.get(e.id)!.elements = Number(e.n);
  return out;
}

function rowDto(r: BaseRow, c: { guides: number; samples: number; tested: number; elements: number }): PlacementRow {
  const p = r.p;
  return {
    id: p.id,
    number: p.number,
    project_id: p.projectId,
    state: p.state,
    element: { id: p.elementId, name: r.elementName },
    m3: p.m3,
    location: p.location,
    unit: p.unit,
    zone_cycle: p.zoneCycle,
    axis_1: p.axis1,
    axis_2: p.axis2,
    axis_3: p.axis3,
    axis_4: p.axis4,
    concrete_company: r.company,
    concrete_type: {
      id: r.type.id,
      grade: r.type.grade,
      strength_mpa: specifiedStrengthOf(r.type.grade),
      designation: typeDesignation({
        grade: r.type.grade,
        confidence: r.type.confidence,
        aggregate_mm: r.type.aggregateMm,
        slump_cm: r.type.slumpCm,
      }),
    },
    scheduled_on: p.scheduledOn,
    poured_on: p.pouredOn,
    batch: r.batch && r.batch.id !== null ? r.batch : null,
    guides_m3: c.guides,
    samples_count: c.samples,
    tested_count: c.tested,
    element_count: c.elements,
    updated_at: p.updatedAt.toISOString(),
  };
}

/** Rows of the placements named, in the order given. */
export async function placementRows(db: DbOrTx, ids: number[]): Promise<PlacementRow[]> {
  if (!ids.length) return [];
  const rows = await baseRows(db).where(inArray(concretePlacements.id, ids));
  const counts = await countsOf(db, ids);
  const byId = new Map(rows.map((r) => [r.p.id, rowDto(r, counts.get(r.p.id)!)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** GET hormigon/vaciados: one page of the project's placements. */
export async function listPlacements(db: DbOrTx, user: SessionUser, q: PlacementListQuery) {
  const where = placementFilter(user, q);
  const order = q.desc === 'true' ? desc : asc;
  const [{ total }] = await db.select({ total: count() }).from(concretePlacements).where(where);
  const page = await baseRows(db)
    .where(where)
    .orderBy(order(SORTS[q.sort]), order(concretePlacements.number))
    .limit(q.rows)
    .offset((q.page - 1) * q.rows);
  const counts = await countsOf(
    db,
    page.map((r) => r.p.id),
  );
  return {
    data: page.map((r) => rowDto(r, counts.get(r.p.id)!)),
    current_page: q.page,
    total,
    has_more: q.page * q.rows < total,
    rowsPerPage: q.rows,
  };
}

const addDays = (isoDay: string, days: number) => {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The events the placement's machine accepts now (the detail's allowed_events). */
function allowedEvents(state: PlacementDetail['state']): PlacementCommandType[] {
  return (Object.keys(placementCommands) as PlacementCommandType[]).filter((type) => {
    if (type === 'placement.test') return false;
    return nextState(placementMachine, { value: state, context: {} }, { type } as never).ok;
  });
}

/** GET hormigon/vaciados/{placementId}: the row, its elements, guides, samples and results. */
export async function placementDetail(db: DbOrTx, id: number): Promise<PlacementDetail> {
  const [row] = await placementRows(db, [id]);
  const [[p], elements, guides, samples] = await Promise.all([
    db.select().from(concretePlacements).where(eq(concretePlacements.id, id)),
    db
      .select({ globalId: concretePlacementElements.globalId })
      .from(concretePlacementElements)
      .where(and(eq(concretePlacementElements.placementId, id), eq(concretePlacementElements.released, false)))
      .orderBy(asc(concretePlacementElements.globalId)),
    db
      .select()
      .from(concreteDispatchGuides)
      .where(eq(concreteDispatchGuides.placementId, id))
      .orderBy(asc(concreteDispatchGuides.position), asc(concreteDispatchGuides.id)),
    db
      .select({ s: concreteSamples, labName: concreteLaboratories.name })
      .from(concreteSamples)
      .innerJoin(concreteLaboratories, eq(concreteLaboratories.id, concreteSamples.laboratoryId))
      .where(eq(concreteSamples.placementId, id))
      .orderBy(asc(concreteSamples.position), asc(concreteSamples.id)),
  ]);
  const settings = await concreteSettingsOf(db, p.companyId);
  const people = await userBriefs(db, [p.createdBy]);
  return {
    ...row,
    notes: p.notes,
    global_ids: elements.map((e) => e.globalId),
    guides: guides.map((g) => ({ id: g.id, number: g.number, truck: g.truck, m3: g.m3, arrived_at: g.arrivedAt })),
    samples: samples.map(({ s, labName }) => ({
      id: s.id,
      code: s.code,
      guide_id: s.guideId,
      taken_on: s.takenOn,
      specimens: s.specimens,
      laboratory: { id: s.laboratoryId, name: labName },
      early_mpa: s.earlyMpa,
      acceptance_mpa: s.acceptanceMpa,
      early_due_on: addDays(s.takenOn, EARLY_TEST_AGE_DAYS),
      acceptance_due_on: addDays(s.takenOn, settings.acceptance_age_days),
    })),
    acceptance_age_days: settings.acceptance_age_days,
    created_by: (p.createdBy && people.get(p.createdBy)) || null,
    created_at: p.createdAt.toISOString(),
    allowed_events: allowedEvents(p.state),
  };
}
