import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { WorkerInput } from '#domain/schemas/workers';
import type { WorkerRow } from '#domain/workers-responses';
import type { Tx } from '../../../db/client.ts';
import { companies, positions, users, workers } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { transactionWithEvents, recordEvent } from '../../../events/outbox.ts';
import { notFound } from '../../../lib/errors.ts';
import { containsText } from '../../../lib/text-search.ts';
import { envelope, offsetOf, sortOf, type PageQuery } from '../../../lib/paging.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
import { personOf, staffOfCompany } from '../shared/people.ts';

export type WorkerFilters = {
  search?: string;
  contract_type?: WorkerInput['contract_type'];
  position_id?: number;
  active?: 'true' | 'false';
  ends_before?: string;
};

const SORTS = {
  last_name: workers.lastName,
  start_date: workers.startDate,
  end_date: workers.endDate,
  contractor_company: workers.contractorCompany,
} as const;

/** The company's country: it names and checks the identity document (docs/product.md §5). */
export async function companyCountry(deps: AppDeps, user: SessionUser): Promise<string> {
  const [row] = await deps.database.db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, user.companyId));
  return row?.country ?? 'CL';
}

function whereOf(user: SessionUser, f: WorkerFilters): SQL | undefined {
  return and(
    eq(workers.companyId, user.companyId),
    f.search
      ? containsText([workers.firstName, workers.lastName, workers.rut, workers.contractorCompany], f.search)
      : undefined,
    f.contract_type ? eq(workers.contractType, f.contract_type) : undefined,
    f.position_id ? eq(workers.positionId, f.position_id) : undefined,
    f.active ? eq(workers.isActive, f.active === 'true') : undefined,
    f.ends_before ? lte(workers.endDate, f.ends_before) : undefined,
  );
}

function selectRows(deps: AppDeps | { database: AppDeps['database'] }, where: SQL | undefined) {
  return deps.database.db
    .select({ worker: workers, position: positions, user: users })
    .from(workers)
    .leftJoin(positions, eq(positions.id, workers.positionId))
    .leftJoin(users, eq(users.id, workers.userId))
    .where(where)
    .$dynamic();
}

type Joined = {
  worker: typeof workers.$inferSelect;
  position: typeof positions.$inferSelect | null;
  user: typeof users.$inferSelect | null;
};
const rowOf = ({ worker: w, position, user }: Joined): WorkerRow => ({
  id: w.id,
  first_name: w.firstName,
  last_name: w.lastName,
  full_name: `${w.firstName} ${w.lastName}`,
  rut: w.rut,
  contractor_company: w.contractorCompany,
  position: position ? { id: position.id, name: position.name } : null,
  contract_type: w.contractType,
  start_date: w.startDate,
  end_date: w.endDate,
  is_active: w.isActive,
  user: user ? personOf(user) : null,
  updated_at: w.updatedAt.toISOString(),
});

/** docs/product.md §2 trabajadores: the filtered, sorted page. */
export async function listWorkers(deps: AppDeps, user: SessionUser, q: PageQuery & WorkerFilters) {
  const where = whereOf(user, q);
  const column = sortOf(SORTS, q.sortBy, workers.lastName);
  const [rows, [{ total }]] = await Promise.all([
    selectRows(deps, where)
      .orderBy(q.descending ? desc(column) : asc(column), asc(workers.id))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    deps.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(workers)
      .where(where),
  ]);
  return envelope(rows.map(rowOf), total, q);
}

/** The export's rows: the whole filtered set, up to a sane cap. */
export const WORKER_EXPORT_MAX = 10_000;
export async function exportWorkers(deps: AppDeps, user: SessionUser, f: WorkerFilters) {
  const rows = await selectRows(deps, whereOf(user, f))
    .orderBy(asc(workers.lastName), asc(workers.id))
    .limit(WORKER_EXPORT_MAX);
  return rows.map(rowOf);
}

export async function getWorker(deps: AppDeps, user: SessionUser, id: number): Promise<WorkerRow> {
  const [row] = await selectRows(deps, and(eq(workers.id, id), eq(workers.companyId, user.companyId)));
  if (!row) throw notFound();
  return rowOf(row);
}

/** A position or a linked user of another company is a 404, like a path id (docs/architecture.md §4). */
async function checkReferences(tx: Tx, user: SessionUser, input: WorkerInput) {
  if (input.position_id) {
    const [p] = await tx
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.id, input.position_id), eq(positions.companyId, user.companyId)));
    if (!p) throw notFound();
  }
  if (input.user_id) await staffOfCompany(tx, user.companyId, [input.user_id]);
}

const valuesOf = (input: WorkerInput) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  rut: input.rut ?? null,
  contractorCompany: input.contractor_company ?? null,
  positionId: input.position_id ?? null,
  contractType: input.contract_type,
  startDate: input.start_date,
  endDate: input.end_date ?? null,
  isActive: input.is_active,
  userId: input.user_id ?? null,
});

/** What the audit trail keeps of a worker, in API field names. */
const auditOf = (w: typeof workers.$inferSelect) => ({
  first_name: w.firstName,
  last_name: w.lastName,
  rut: w.rut,
  contractor_company: w.contractorCompany,
  position_id: w.positionId,
  contract_type: w.contractType,
  start_date: w.startDate,
  end_date: w.endDate,
  is_active: w.isActive,
  user_id: w.userId,
});

async function emitWorker(tx: Tx, user: SessionUser, id: number, action: string) {
  await recordEvent(tx, {
    type: 'worker.changed',
    companyId: user.companyId,
    entity: { type: 'worker', id },
    actorId: user.id,
    action,
  });
}

export async function createWorker(deps: AppDeps, user: SessionUser, input: WorkerInput): Promise<WorkerRow> {
  const id = await transactionWithEvents(deps, async (tx) => {
    await checkReferences(tx, user, input);
    const [w] = await tx
      .insert(workers)
      .values({ companyId: user.companyId, ...valuesOf(input) })
      .returning();
    await recordAudit(tx, actorOf(user), { entity: 'worker', entityId: w.id, action: 'created', after: auditOf(w) });
    await emitWorker(tx, user, w.id, 'created');
    return w.id;
  });
  return getWorker(deps, user, id);
}

export async function updateWorker(deps: AppDeps, user: SessionUser, id: number, input: WorkerInput) {
  await transactionWithEvents(deps, async (tx) => {
    const [before] = await tx
      .select()
      .from(workers)
      .where(and(eq(workers.id, id), eq(workers.companyId, user.companyId)))
      .for('update');
    if (!before) throw notFound();
    await checkReferences(tx, user, input);
    const [after] = await tx
      .update(workers)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(eq(workers.id, id))
      .returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'worker',
      entityId: id,
      action: 'updated',
      before: auditOf(before),
      after: auditOf(after),
    });
    await emitWorker(tx, user, id, 'updated');
  });
  return getWorker(deps, user, id);
}

export async function deleteWorker(deps: AppDeps, user: SessionUser, id: number): Promise<void> {
  await transactionWithEvents(deps, async (tx) => {
    const [gone] = await tx
      .delete(workers)
      .where(and(eq(workers.id, id), eq(workers.companyId, user.companyId)))
      .returning();
    if (!gone) throw notFound();
    await recordAudit(tx, actorOf(user), { entity: 'worker', entityId: id, action: 'deleted', before: auditOf(gone) });
    await emitWorker(tx, user, id, 'deleted');
  });
}

/** What the worker form picks from: the company's positions and staff users, and its country (the RUT label). */
export async function workerOptions(deps: AppDeps, user: SessionUser) {
  const db = deps.database.db;
  const [country, positionRows, userRows] = await Promise.all([
    companyCountry(deps, user),
    db
      .select({ id: positions.id, name: positions.name })
      .from(positions)
      .where(eq(positions.companyId, user.companyId))
      .orderBy(asc(positions.name)),
    db
      .select()
      .from(users)
      .where(and(eq(users.companyId, user.companyId), eq(users.kind, 'staff'), sql`${users.deletedAt} is null`))
      .orderBy(asc(users.lastName), asc(users.firstName)),
  ]);
  return { country, positions: positionRows, users: userRows.map(personOf) };
}
