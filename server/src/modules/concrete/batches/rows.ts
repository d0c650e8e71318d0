import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { specifiedStrengthOf, typeDesignation } from '#domain/concrete';
import { batchCommands, PLACEMENT_POURED_STATES, type BatchCommandType } from '#domain/concrete-placements';
import type { BatchDetail, BatchRow } from '#domain/concrete-placements-responses';
import type { BatchListQuery } from '#domain/schemas/concrete';
import { batchMachine } from '#machines/concrete-batch';
import type { DbOrTx } from '../../../db/client.ts';
import { concreteBatches, concretePlacements, concreteSamples, concreteTypes } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { concreteSettingsOf } from '../config/settings.ts';
import { placementRows } from '../placements/rows.ts';
import { batchScope } from '../shared/scope.ts';
import { batchResults, closesOn } from './judge.ts';

/** The answers of the batch routes (domain/concrete-placements-responses.ts). */

const typeBrief = (t: typeof concreteTypes.$inferSelect) => ({
  id: t.id,
  grade: t.grade,
  strength_mpa: specifiedStrengthOf(t.grade),
  designation: typeDesignation({
    grade: t.grade,
    confidence: t.confidence,
    aggregate_mm: t.aggregateMm,
    slump_cm: t.slumpCm,
  }),
});

async function batchRowsOf(
  db: DbOrTx,
  batches: { b: typeof concreteBatches.$inferSelect; type: typeof concreteTypes.$inferSelect }[],
) {
  const ids = batches.map((r) => r.b.id);
  const poured = and(
    inArray(concretePlacements.batchId, ids.length ? ids : [-1]),
    inArray(concretePlacements.state, [...PLACEMENT_POURED_STATES]),
  );
  const [placements, samples] = await Promise.all([
    db
      .select({ id: concretePlacements.batchId, m3: sql<number>`sum(${concretePlacements.m3})`, n: count() })
      .from(concretePlacements)
      .where(poured)
      .groupBy(concretePlacements.batchId),
    db
      .select({
        id: concretePlacements.batchId,
        n: count(),
        tested: sql<number>`count(${concreteSamples.acceptanceMpa})`,
      })
      .from(concreteSamples)
      .innerJoin(concretePlacements, eq(concretePlacements.id, concreteSamples.placementId))
      .where(poured)
      .groupBy(concretePlacements.batchId),
  ]);
  const sampleStats = new Map(samples.map((r) => [r.id, r]));
  const stats = placements.map((p) => ({
    id: p.id,
    m3: p.m3,
    placements: p.n,
    samples: sampleStats.get(p.id)?.n ?? 0,
    tested: sampleStats.get(p.id)?.tested ?? 0,
  }));
  const byId = new Map(stats.map((s) => [s.id, s]));
  return batches.map(({ b, type }): BatchRow => {
    const s = byId.get(b.id);
    return {
      id: b.id,
      number: b.number,
      project_id: b.projectId,
      state: b.state,
      concrete_type: typeBrief(type),
      opened_on: b.openedOn,
      closes_on: closesOn(b.openedOn, b.daysMax),
      m3: Math.round(Number(s?.m3 ?? 0) * 10) / 10,
      m3_max: b.m3Max,
      placement_count: Number(s?.placements ?? 0),
      samples_count: Number(s?.samples ?? 0),
      tested_count: Number(s?.tested ?? 0),
      verdict: b.verdict ?? null,
      closed_at: b.closedAt?.toISOString() ?? null,
      evaluated_at: b.evaluatedAt?.toISOString() ?? null,
    };
  });
}

const withType = (db: DbOrTx) =>
  db
    .select({ b: concreteBatches, type: concreteTypes })
    .from(concreteBatches)
    .innerJoin(concreteTypes, eq(concreteTypes.id, concreteBatches.concreteTypeId));

/** GET hormigon/lotes: the project's batches, newest first. */
export async function listBatches(db: DbOrTx, user: SessionUser, q: BatchListQuery) {
  const where = and(
    batchScope(user),
    eq(concreteBatches.projectId, q.project_id),
    q.state?.length ? inArray(concreteBatches.state, q.state) : undefined,
    q.concrete_type?.length ? inArray(concreteBatches.concreteTypeId, q.concrete_type) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(concreteBatches).where(where);
  const page = await withType(db)
    .where(where)
    .orderBy(desc(concreteBatches.number))
    .limit(q.rows)
    .offset((q.page - 1) * q.rows);
  return {
    data: await batchRowsOf(db, page),
    current_page: q.page,
    total,
    has_more: q.page * q.rows < total,
    rowsPerPage: q.rows,
  };
}

/** GET hormigon/lotes/{batchId}: the row, its placements, its results in sampling order and the rule applied. */
export async function batchDetail(db: DbOrTx, batchId: number): Promise<BatchDetail> {
  const rows = await withType(db).where(eq(concreteBatches.id, batchId));
  const [row] = await batchRowsOf(db, rows);
  const b = rows[0].b;
  const placementIds = await db
    .select({ id: concretePlacements.id })
    .from(concretePlacements)
    .where(eq(concretePlacements.batchId, batchId))
    .orderBy(asc(concretePlacements.pouredOn), asc(concretePlacements.number));
  const results = await batchResults(db, batchId);
  const settings = await concreteSettingsOf(db, b.companyId);
  const specified = row.concrete_type.strength_mpa;
  return {
    ...row,
    placements: await placementRows(
      db,
      placementIds.map((p) => p.id),
    ),
    results: results.map((r) => ({
      sample_id: r.sample.id,
      placement_id: r.placementId,
      placement_number: r.placementNumber,
      code: r.sample.code,
      taken_on: r.sample.takenOn,
      early_mpa: r.sample.earlyMpa,
      acceptance_mpa: r.sample.acceptanceMpa,
    })),
    rule: {
      specified_mpa: specified,
      acceptance_age_days: settings.acceptance_age_days,
      acceptance_consecutive: settings.acceptance_consecutive,
      mean_required_mpa: Math.round((specified + settings.mean_margin_mpa) * 10) / 10,
      single_required_mpa: Math.round((specified - settings.single_margin_mpa) * 10) / 10,
    },
    allowed_events: (Object.keys(batchCommands) as BatchCommandType[]).filter(
      (type) =>
        type !== 'batch.evaluate' && nextState(batchMachine, { value: b.state, context: {} }, { type } as never).ok,
    ),
  };
}
