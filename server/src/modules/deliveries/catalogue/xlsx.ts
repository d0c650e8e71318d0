import ExcelJS from 'exceljs';
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import { z } from 'zod';
import { CATALOGUE_NAME_MAX, unitTypeSchema } from '#domain/schemas/deliveries';
import { SEVERITIES } from '#domain/schemas/after-sales';
import { requiredText } from '#domain/schemas/common';
import type { Db, Tx } from '../../../db/client.ts';
import {
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  unitTypes,
} from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/errors.ts';
import { issueToFieldError } from '../../../lib/validate.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { catalogueOf } from './tree.ts';

/**
 * Columns of the catalogue sheet, in order (docs/product.md §3 Unit type: name, category, surface; areas → places →
 * items → failures with severity).
 */
const COLUMNS = [
  'unit_type',
  'category',
  'surface',
  'area',
  'place',
  'item',
  'item_category',
  'failure',
  'severity',
] as const;
type Column = (typeof COLUMNS)[number];
type Row = Record<Column, string>;

/**
 * Export of a whole catalogue (every unit type, or the ones asked for) as one sheet: one row per
 * failure, or per node without children, so re-importing the file gives the same catalogue.
 */
export async function exportCatalogue(db: Db, companyId: number, t: Translate, unitTypeIds?: number[]) {
  const types = await db
    .select()
    .from(unitTypes)
    .where(eq(unitTypes.companyId, companyId))
    .orderBy(asc(unitTypes.name));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('deliveries.catalogue.sheet'));
  ws.columns = COLUMNS.map((c) => ({
    header: t(`deliveries.catalogue.columns.${c}`),
    key: c,
    width: c === 'surface' ? 12 : 26,
  }));
  ws.getRow(1).font = { bold: true };
  for (const type of types.filter((x) => !unitTypeIds?.length || unitTypeIds.includes(x.id))) {
    const tree = await catalogueOf(db, companyId, type.id, true);
    const base = {
      unit_type: type.name,
      category: type.category,
      surface: type.surface === null ? null : Number(type.surface),
    };
    if (!tree.areas.length) ws.addRow(base);
    for (const a of tree.areas) {
      if (!a.places.length) ws.addRow({ ...base, area: a.name });
      for (const p of a.places) {
        if (!p.items.length) ws.addRow({ ...base, area: a.name, place: p.name });
        for (const i of p.items) {
          const item = { ...base, area: a.name, place: p.name, item: i.name, item_category: i.category };
          if (!i.failures.length) ws.addRow(item);
          for (const f of i.failures) ws.addRow({ ...item, failure: f.name, severity: f.severity });
        }
      }
    }
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if (value instanceof Date) return value.toISOString().slice(0, 10);
  }
  return String(value).trim();
}

const name = requiredText({ max: CATALOGUE_NAME_MAX, noDoubleSpaces: true });
const rowSchema = z
  .object({
    unit_type: unitTypeSchema.shape.name,
    category: unitTypeSchema.shape.category,
    surface: unitTypeSchema.shape.surface,
    area: name.optional(),
    place: name.optional(),
    item: name.optional(),
    item_category: requiredText({ max: 50 }).optional(),
    failure: name.optional(),
    severity: z.enum(SEVERITIES, { error: 'validation.invalid' }).optional(),
  })
  .superRefine((r, ctx) => {
    // A deeper level needs every level above it, an item its category and a failure its severity.
    const need = (field: keyof typeof r, when: unknown) => {
      if (when && !r[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    };
    need('area', r.place || r.item || r.failure);
    need('place', r.item || r.failure);
    need('item', r.failure);
    need('item_category', r.item);
    need('severity', r.failure);
  });
type ParsedRow = z.output<typeof rowSchema>;
export type RowError = { row: number; column: string; message: string };

/** Reads the first sheet; every row is checked before anything is written (a per-row report on 422). */
export async function parseCatalogue(
  bytes: Uint8Array,
  t: Translate,
): Promise<{ rows: ParsedRow[]; errors: RowError[] }> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(422, 'deliveries.errors.import_unreadable');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new ApiError(422, 'deliveries.errors.import_unreadable');
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  const severityOf = (v: string) => SEVERITIES.find((s) => s === v.toLowerCase()) ?? (v ? v : undefined);
  ws.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return; // header, in any language
    const raw = Object.fromEntries(COLUMNS.map((c, i) => [c, cellText(row.getCell(i + 1).value)])) as Row;
    if (COLUMNS.every((c) => raw[c] === '')) return;
    const input = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, v === '' ? undefined : k === 'severity' ? severityOf(v) : v]),
    );
    const parsed = rowSchema.safeParse(input);
    if (parsed.success) rows.push(parsed.data);
    else
      for (const issue of parsed.error.issues) {
        const fe = issueToFieldError(issue);
        const column = fe.field.split('.')[0] as Column;
        errors.push({
          row: number,
          column: COLUMNS.includes(column) ? t(`deliveries.catalogue.columns.${column}`) : column,
          message: t(fe.key, fe.params),
        });
      }
  });
  if (!rows.length && !errors.length) throw new ApiError(422, 'deliveries.errors.import_empty');
  return { rows, errors };
}

const lower = (s: string) => s.toLocaleLowerCase('es');

/**
 * Merges the parsed rows into the company's catalogue in one transaction: nodes are matched by
 * name (case-insensitive) under their parent, created when missing, re-enabled when disabled, and
 * their category, surface or severity updated. Nothing is deleted.
 */
export async function mergeCatalogue(tx: Tx, companyId: number, rows: ParsedRow[]) {
  const created = { types: 0, areas: 0, places: 0, items: 0, failures: 0 };
  const byName = async <T extends { id: number }>(find: () => Promise<T[]>) => (await find())[0];
  // New nodes go after their existing siblings.
  const nextPosition = async (
    table: typeof catalogueAreas | typeof cataloguePlaces | typeof catalogueItems | typeof catalogueFailureTypes,
    parent: AnyColumn,
    parentId: number,
  ) =>
    (
      await tx
        .select({ n: sql<number>`coalesce(max(${table.position}), -1)::int + 1` })
        .from(table)
        .where(eq(parent, parentId))
    )[0].n;
  for (const r of rows) {
    let type = await byName(() =>
      tx
        .select()
        .from(unitTypes)
        .where(and(eq(unitTypes.companyId, companyId), sql`lower(${unitTypes.name}) = ${lower(r.unit_type)}`)),
    );
    const surface = r.surface === null || r.surface === undefined ? null : r.surface.toFixed(2);
    if (!type) {
      [type] = await tx
        .insert(unitTypes)
        .values({ companyId, name: r.unit_type, category: r.category, surface })
        .returning();
      created.types++;
    } else await tx.update(unitTypes).set({ category: r.category, surface }).where(eq(unitTypes.id, type.id));
    if (!r.area) continue;
    let area = await byName(() =>
      tx
        .select()
        .from(catalogueAreas)
        .where(and(eq(catalogueAreas.unitTypeId, type.id), sql`lower(${catalogueAreas.name}) = ${lower(r.area!)}`)),
    );
    if (!area) {
      [area] = await tx
        .insert(catalogueAreas)
        .values({
          companyId,
          unitTypeId: type.id,
          name: r.area,
          position: await nextPosition(catalogueAreas, catalogueAreas.unitTypeId, type.id),
        })
        .returning();
      created.areas++;
    } else if (area.disabledAt)
      await tx.update(catalogueAreas).set({ disabledAt: null }).where(eq(catalogueAreas.id, area.id));
    if (!r.place) continue;
    let place = await byName(() =>
      tx
        .select()
        .from(cataloguePlaces)
        .where(and(eq(cataloguePlaces.areaId, area.id), sql`lower(${cataloguePlaces.name}) = ${lower(r.place!)}`)),
    );
    if (!place) {
      [place] = await tx
        .insert(cataloguePlaces)
        .values({
          companyId,
          areaId: area.id,
          name: r.place,
          position: await nextPosition(cataloguePlaces, cataloguePlaces.areaId, area.id),
        })
        .returning();
      created.places++;
    } else if (place.disabledAt)
      await tx.update(cataloguePlaces).set({ disabledAt: null }).where(eq(cataloguePlaces.id, place.id));
    if (!r.item) continue;
    let item = await byName(() =>
      tx
        .select()
        .from(catalogueItems)
        .where(and(eq(catalogueItems.placeId, place.id), sql`lower(${catalogueItems.name}) = ${lower(r.item!)}`)),
    );
    if (!item) {
      [item] = await tx
        .insert(catalogueItems)
        .values({
          companyId,
          placeId: place.id,
          name: r.item,
          category: r.item_category!,
          position: await nextPosition(catalogueItems, catalogueItems.placeId, place.id),
        })
        .returning();
      created.items++;
    } else
      await tx
        .update(catalogueItems)
        .set({ category: r.item_category!, disabledAt: null })
        .where(eq(catalogueItems.id, item.id));
    if (!r.failure) continue;
    const failure = await byName(() =>
      tx
        .select()
        .from(catalogueFailureTypes)
        .where(
          and(
            eq(catalogueFailureTypes.itemId, item.id),
            sql`lower(${catalogueFailureTypes.name}) = ${lower(r.failure!)}`,
          ),
        ),
    );
    if (!failure) {
      await tx.insert(catalogueFailureTypes).values({
        companyId,
        itemId: item.id,
        name: r.failure,
        severity: r.severity!,
        position: await nextPosition(catalogueFailureTypes, catalogueFailureTypes.itemId, item.id),
      });
      created.failures++;
    } else
      await tx
        .update(catalogueFailureTypes)
        .set({ severity: r.severity!, disabledAt: null })
        .where(eq(catalogueFailureTypes.id, failure.id));
  }
  return created;
}
