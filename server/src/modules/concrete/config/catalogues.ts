import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CONCRETE_CATALOGUE_MAX,
  DEFAULT_CONCRETE_ELEMENTS,
  specifiedStrengthOf,
  typeDesignation,
  type ConcreteCatalogue,
} from '#domain/concrete';
import type { ConcreteCompany, ConcreteElement, ConcreteType, Laboratory } from '#domain/concrete-responses';
import type {
  concreteCompanyCreateSchema,
  concreteCompanyUpdateSchema,
  concreteElementCreateSchema,
  concreteElementUpdateSchema,
  concreteTypeCreateSchema,
  concreteTypeUpdateSchema,
  laboratoryCreateSchema,
  laboratoryUpdateSchema,
} from '#domain/schemas/concrete';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { concreteCompanies, concreteElements, concreteLaboratories, concreteTypes } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { isUniqueViolation, notFound, unprocessable, type ApiError } from '../../../lib/errors.ts';
import { announceConfigChange } from './events.ts';

/**
 * The catalogues of config/hormigon (docs/api.md, Concrete; domain/concrete.ts): elements, laboratories, concrete
 * companies and concrete types of the caller's company. Entries are never deleted, only disabled (`active`); names
 * are unique per company and catalogue in any case, types by their designation; a catalogue holds at most
 * CONCRETE_CATALOGUE_MAX entries. Every write sends one live event (events.ts).
 */

export type ElementRow = typeof concreteElements.$inferSelect;
export type LaboratoryRow = typeof concreteLaboratories.$inferSelect;
export type ConcreteCompanyRow = typeof concreteCompanies.$inferSelect;
export type ConcreteTypeRow = typeof concreteTypes.$inferSelect;

type Field = 'name' | 'grade';

/** What the shared rules read of a catalogue: its table and columns, the index that keeps entries unique. */
type Catalogue = {
  kind: ConcreteCatalogue;
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  /** The column unique in any case (types have none: their designation is checked by refuseTakenType). */
  name?: PgColumn;
  index: string;
  field: Field;
  taken: () => ApiError;
};

const nameTaken = () => unprocessable([{ field: 'name', key: 'concrete.errors.name_taken' }]);
const typeTaken = () => unprocessable([{ field: 'grade', key: 'concrete.errors.type_taken' }]);

const ELEMENTS: Catalogue = {
  kind: 'elements',
  table: concreteElements,
  id: concreteElements.id,
  companyId: concreteElements.companyId,
  name: concreteElements.name,
  index: 'concrete_elements_name_uq',
  field: 'name',
  taken: nameTaken,
};
const LABORATORIES: Catalogue = {
  kind: 'laboratories',
  table: concreteLaboratories,
  id: concreteLaboratories.id,
  companyId: concreteLaboratories.companyId,
  name: concreteLaboratories.name,
  index: 'concrete_laboratories_name_uq',
  field: 'name',
  taken: nameTaken,
};
const COMPANIES: Catalogue = {
  kind: 'companies',
  table: concreteCompanies,
  id: concreteCompanies.id,
  companyId: concreteCompanies.companyId,
  name: concreteCompanies.name,
  index: 'concrete_companies_name_uq',
  field: 'name',
  taken: nameTaken,
};
const TYPES: Catalogue = {
  kind: 'types',
  table: concreteTypes,
  id: concreteTypes.id,
  companyId: concreteTypes.companyId,
  index: 'concrete_types_designation_uq',
  field: 'grade',
  taken: typeTaken,
};

// ── Rules every catalogue shares ────────────────────────────────────────────────────────────────────────

/** An entry of the caller's company; another company's is a 404 like an unknown id. */
async function loadOf<R>(db: DbOrTx, c: Catalogue, companyId: number, id: number): Promise<R> {
  const [row] = await db
    .select()
    .from(c.table)
    .where(and(eq(c.id, id), eq(c.companyId, companyId)));
  if (!row) throw notFound();
  return row as R;
}

/** At most CONCRETE_CATALOGUE_MAX entries per catalogue and company, disabled ones included. */
async function refuseFull(db: DbOrTx, c: Catalogue, companyId: number, adding = 1) {
  const held = await db.$count(c.table, eq(c.companyId, companyId));
  if (held + adding > CONCRETE_CATALOGUE_MAX)
    throw unprocessable([
      { field: c.field, key: 'concrete.errors.catalogue_full', params: { max: CONCRETE_CATALOGUE_MAX } },
    ]);
}

/** Names are unique in the catalogue in any case (its index `<table>_name_uq`): a repeat is a 422 on the name. */
async function refuseTakenName(db: DbOrTx, c: Catalogue, companyId: number, name: string, exceptId?: number) {
  if (!c.name) return;
  const [taken] = await db
    .select({ id: c.id })
    .from(c.table)
    .where(
      and(
        eq(c.companyId, companyId),
        sql`lower(${c.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(c.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw c.taken();
}

type Announce = (action: string, id: number | null) => Promise<void>;

/**
 * One write of a catalogue in one transaction: `fn` calls `announce` last when it changed something. A concurrent
 * writer that took the same name first breaks the unique index, which is answered as the same 422 as the check.
 */
async function write<T>(
  deps: AppDeps,
  user: SessionUser,
  c: Catalogue,
  fn: (tx: Tx, announce: Announce) => Promise<T>,
): Promise<T> {
  try {
    return await transactionWithEvents(deps, (tx) =>
      fn(tx, async (action, id) => {
        await announceConfigChange(tx, { companyId: user.companyId, actorId: user.id, catalogue: c.kind, id, action });
      }),
    );
  } catch (e) {
    if (isUniqueViolation(e, c.index)) throw c.taken();
    throw e;
  }
}

/** The audit-like action of an update: switching `active` reads as enabling or disabling. */
const actionOf = (before: { active: boolean }, after: { active: boolean }) =>
  before.active === after.active ? 'updated' : after.active ? 'enabled' : 'disabled';

/** Whether a PATCH body sends anything (zod leaves unsent fields undefined). */
const sendsAnything = (body: Record<string, unknown>) => Object.values(body).some((v) => v !== undefined);

// ── Elements ────────────────────────────────────────────────────────────────────────────────────────────

const elementOf = (r: ElementRow): ConcreteElement => ({
  id: r.id,
  name: r.name,
  active: r.active,
  position: r.position,
});

/** The company's elements by position, then id. */
export async function listElements(db: DbOrTx, companyId: number): Promise<ConcreteElement[]> {
  const rows = await db
    .select()
    .from(concreteElements)
    .where(eq(concreteElements.companyId, companyId))
    .orderBy(asc(concreteElements.position), asc(concreteElements.id));
  return rows.map(elementOf);
}

export const loadElement = (db: DbOrTx, companyId: number, id: number) =>
  loadOf<ElementRow>(db, ELEMENTS, companyId, id);

async function nextElementPosition(db: DbOrTx, companyId: number) {
  const [last] = await db
    .select({ position: max(concreteElements.position) })
    .from(concreteElements)
    .where(eq(concreteElements.companyId, companyId));
  return (last?.position ?? -1) + 1;
}

/** A new element goes last (position = last + 1). */
export function createElement(
  deps: AppDeps,
  user: SessionUser,
  body: z.output<typeof concreteElementCreateSchema>,
): Promise<ConcreteElement> {
  return write(deps, user, ELEMENTS, async (tx, announce) => {
    await refuseFull(tx, ELEMENTS, user.companyId);
    await refuseTakenName(tx, ELEMENTS, user.companyId, body.name);
    const [row] = await tx
      .insert(concreteElements)
      .values({ companyId: user.companyId, name: body.name, position: await nextElementPosition(tx, user.companyId) })
      .returning();
    await announce('created', row.id);
    return elementOf(row);
  });
}

export function updateElement(
  deps: AppDeps,
  user: SessionUser,
  element: ElementRow,
  body: z.output<typeof concreteElementUpdateSchema>,
): Promise<ConcreteElement> {
  if (!sendsAnything(body)) return Promise.resolve(elementOf(element));
  return write(deps, user, ELEMENTS, async (tx, announce) => {
    if (body.name !== undefined) await refuseTakenName(tx, ELEMENTS, user.companyId, body.name, element.id);
    const [row] = await tx
      .update(concreteElements)
      .set({ name: body.name, active: body.active, updatedAt: new Date() })
      .where(eq(concreteElements.id, element.id))
      .returning();
    await announce(actionOf(element, row), row.id);
    return elementOf(row);
  });
}

/**
 * Adds the DEFAULT_CONCRETE_ELEMENTS the company lacks (compared in any case, so a renamed "LOSA" counts), after its
 * own, and answers the whole list. Twice in a row adds nothing the second time.
 */
export function addDefaultElements(deps: AppDeps, user: SessionUser): Promise<ConcreteElement[]> {
  return write(deps, user, ELEMENTS, async (tx, announce) => {
    const held = await tx
      .select({ name: sql<string>`lower(${concreteElements.name})` })
      .from(concreteElements)
      .where(eq(concreteElements.companyId, user.companyId));
    const have = new Set(held.map((r) => r.name));
    const missing = DEFAULT_CONCRETE_ELEMENTS.filter((name) => !have.has(name.toLowerCase()));
    if (missing.length) {
      await refuseFull(tx, ELEMENTS, user.companyId, missing.length);
      const position = await nextElementPosition(tx, user.companyId);
      await tx
        .insert(concreteElements)
        .values(missing.map((name, i) => ({ companyId: user.companyId, name, position: position + i })));
      await announce('defaults', null);
    }
    return listElements(tx, user.companyId);
  });
}

// ── Laboratories ────────────────────────────────────────────────────────────────────────────────────────

const laboratoryOf = (r: LaboratoryRow): Laboratory => ({
  id: r.id,
  name: r.name,
  rut: r.rut,
  email: r.email,
  phone: r.phone,
  active: r.active,
});

/** The company's laboratories by name (in any case), then id. */
export async function listLaboratories(db: DbOrTx, companyId: number): Promise<Laboratory[]> {
  const rows = await db
    .select()
    .from(concreteLaboratories)
    .where(eq(concreteLaboratories.companyId, companyId))
    .orderBy(asc(sql`lower(${concreteLaboratories.name})`), asc(concreteLaboratories.id));
  return rows.map(laboratoryOf);
}

export const loadLaboratory = (db: DbOrTx, companyId: number, id: number) =>
  loadOf<LaboratoryRow>(db, LABORATORIES, companyId, id);

export function createLaboratory(
  deps: AppDeps,
  user: SessionUser,
  body: z.output<typeof laboratoryCreateSchema>,
): Promise<Laboratory> {
  return write(deps, user, LABORATORIES, async (tx, announce) => {
    await refuseFull(tx, LABORATORIES, user.companyId);
    await refuseTakenName(tx, LABORATORIES, user.companyId, body.name);
    const [row] = await tx
      .insert(concreteLaboratories)
      .values({
        companyId: user.companyId,
        name: body.name,
        rut: body.rut ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
      })
      .returning();
    await announce('created', row.id);
    return laboratoryOf(row);
  });
}

/** A PATCH changes what it sends; null clears an optional field. */
export function updateLaboratory(
  deps: AppDeps,
  user: SessionUser,
  laboratory: LaboratoryRow,
  body: z.output<typeof laboratoryUpdateSchema>,
): Promise<Laboratory> {
  if (!sendsAnything(body)) return Promise.resolve(laboratoryOf(laboratory));
  return write(deps, user, LABORATORIES, async (tx, announce) => {
    if (body.name !== undefined) await refuseTakenName(tx, LABORATORIES, user.companyId, body.name, laboratory.id);
    const [row] = await tx
      .update(concreteLaboratories)
      .set({
        name: body.name,
        rut: body.rut,
        email: body.email,
        phone: body.phone,
        active: body.active,
        updatedAt: new Date(),
      })
      .where(eq(concreteLaboratories.id, laboratory.id))
      .returning();
    await announce(actionOf(laboratory, row), row.id);
    return laboratoryOf(row);
  });
}

// ── Concrete companies ──────────────────────────────────────────────────────────────────────────────────

const concreteCompanyOf = (r: ConcreteCompanyRow): ConcreteCompany => ({
  id: r.id,
  name: r.name,
  rut: r.rut,
  homologated: r.homologated,
  active: r.active,
});

/** The company's concrete suppliers by name (in any case), then id. */
export async function listConcreteCompanies(db: DbOrTx, companyId: number): Promise<ConcreteCompany[]> {
  const rows = await db
    .select()
    .from(concreteCompanies)
    .where(eq(concreteCompanies.companyId, companyId))
    .orderBy(asc(sql`lower(${concreteCompanies.name})`), asc(concreteCompanies.id));
  return rows.map(concreteCompanyOf);
}

export const loadConcreteCompany = (db: DbOrTx, companyId: number, id: number) =>
  loadOf<ConcreteCompanyRow>(db, COMPANIES, companyId, id);

export function createConcreteCompany(
  deps: AppDeps,
  user: SessionUser,
  body: z.output<typeof concreteCompanyCreateSchema>,
): Promise<ConcreteCompany> {
  return write(deps, user, COMPANIES, async (tx, announce) => {
    await refuseFull(tx, COMPANIES, user.companyId);
    await refuseTakenName(tx, COMPANIES, user.companyId, body.name);
    const [row] = await tx
      .insert(concreteCompanies)
      .values({ companyId: user.companyId, name: body.name, rut: body.rut ?? null, homologated: body.homologated })
      .returning();
    await announce('created', row.id);
    return concreteCompanyOf(row);
  });
}

export function updateConcreteCompany(
  deps: AppDeps,
  user: SessionUser,
  supplier: ConcreteCompanyRow,
  body: z.output<typeof concreteCompanyUpdateSchema>,
): Promise<ConcreteCompany> {
  if (!sendsAnything(body)) return Promise.resolve(concreteCompanyOf(supplier));
  return write(deps, user, COMPANIES, async (tx, announce) => {
    if (body.name !== undefined) await refuseTakenName(tx, COMPANIES, user.companyId, body.name, supplier.id);
    const [row] = await tx
      .update(concreteCompanies)
      .set({
        name: body.name,
        rut: body.rut,
        homologated: body.homologated,
        active: body.active,
        updatedAt: new Date(),
      })
      .where(eq(concreteCompanies.id, supplier.id))
      .returning();
    await announce(actionOf(supplier, row), row.id);
    return concreteCompanyOf(row);
  });
}

// ── Concrete types ──────────────────────────────────────────────────────────────────────────────────────

const designationOf = (r: ConcreteTypeRow) =>
  typeDesignation({ grade: r.grade, confidence: r.confidence, aggregate_mm: r.aggregateMm, slump_cm: r.slumpCm });

const concreteTypeOf = (r: ConcreteTypeRow): ConcreteType => ({
  id: r.id,
  grade: r.grade,
  strength_mpa: specifiedStrengthOf(r.grade),
  confidence: r.confidence,
  aggregate_mm: r.aggregateMm,
  slump_cm: r.slumpCm,
  structural: r.structural,
  description: r.description,
  designation: designationOf(r),
  active: r.active,
});

const byDesignation = new Intl.Collator('es', { numeric: true });

/** The company's types by grade strength, then designation (numbers compared as numbers: slump 8 before 10). */
export async function listConcreteTypes(db: DbOrTx, companyId: number): Promise<ConcreteType[]> {
  const rows = await db
    .select()
    .from(concreteTypes)
    .where(eq(concreteTypes.companyId, companyId))
    .orderBy(asc(concreteTypes.id));
  return rows
    .map(concreteTypeOf)
    .sort(
      (a, b) => a.strength_mpa - b.strength_mpa || byDesignation.compare(a.designation, b.designation) || a.id - b.id,
    );
}

export const loadConcreteType = (db: DbOrTx, companyId: number, id: number) =>
  loadOf<ConcreteTypeRow>(db, TYPES, companyId, id);

type Designation = Pick<ConcreteTypeRow, 'grade' | 'confidence' | 'aggregateMm' | 'slumpCm'>;

/** Two types of a company never share a designation (index concrete_types_designation_uq): a 422 on the grade. */
async function refuseTakenType(db: DbOrTx, companyId: number, d: Designation, exceptId?: number) {
  const [taken] = await db
    .select({ id: concreteTypes.id })
    .from(concreteTypes)
    .where(
      and(
        eq(concreteTypes.companyId, companyId),
        eq(concreteTypes.grade, d.grade),
        eq(concreteTypes.confidence, d.confidence),
        eq(concreteTypes.aggregateMm, d.aggregateMm),
        eq(concreteTypes.slumpCm, d.slumpCm),
        exceptId === undefined ? undefined : ne(concreteTypes.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw typeTaken();
}

export function createConcreteType(
  deps: AppDeps,
  user: SessionUser,
  body: z.output<typeof concreteTypeCreateSchema>,
): Promise<ConcreteType> {
  const values = {
    companyId: user.companyId,
    grade: body.grade,
    confidence: body.confidence,
    aggregateMm: body.aggregate_mm,
    slumpCm: body.slump_cm,
    structural: body.structural,
    description: body.description ?? null,
  };
  return write(deps, user, TYPES, async (tx, announce) => {
    await refuseFull(tx, TYPES, user.companyId);
    await refuseTakenType(tx, user.companyId, values);
    const [row] = await tx.insert(concreteTypes).values(values).returning();
    await announce('created', row.id);
    return concreteTypeOf(row);
  });
}

/** A PATCH of any part of the designation is checked against the others as the type will be. */
export function updateConcreteType(
  deps: AppDeps,
  user: SessionUser,
  type: ConcreteTypeRow,
  body: z.output<typeof concreteTypeUpdateSchema>,
): Promise<ConcreteType> {
  if (!sendsAnything(body)) return Promise.resolve(concreteTypeOf(type));
  const next: Designation = {
    grade: body.grade ?? type.grade,
    confidence: body.confidence ?? type.confidence,
    aggregateMm: body.aggregate_mm ?? type.aggregateMm,
    slumpCm: body.slump_cm ?? type.slumpCm,
  };
  return write(deps, user, TYPES, async (tx, announce) => {
    await refuseTakenType(tx, user.companyId, next, type.id);
    const [row] = await tx
      .update(concreteTypes)
      .set({
        ...next,
        structural: body.structural,
        description: body.description,
        active: body.active,
        updatedAt: new Date(),
      })
      .where(eq(concreteTypes.id, type.id))
      .returning();
    await announce(actionOf(type, row), row.id);
    return concreteTypeOf(row);
  });
}
