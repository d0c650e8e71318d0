import {
  ACTIVITY_COST_MAX,
  ACTIVITY_CURRENCIES,
  ACTIVITY_DESCRIPTION_MAX,
  ACTIVITY_LEVEL_MAX,
  ATTRIBUTE_VALUE_MAX,
  IMPORT_ERRORS_SHOWN_MAX,
  IMPORT_FIELDS,
  type ActivityCurrency,
  type ImportField,
} from '#domain/quality';
import type { ImportPreview } from '#domain/quality-responses';
import { formatDate, parseDecimal } from '#domain/format';
import { sheetDate } from '../../../../lib/spreadsheet.ts';
import type { Params, Translate } from '../../../../lib/i18n.ts';
import type { FieldError } from '../../../../lib/errors.ts';
import type { ImportSheetData } from './sheet.ts';

/** An activity's code, as stored (domain/schemas/quality.ts activityFields.code). */
export const IMPORT_CODE_MAX = 40;
/** Rows of what would be imported that the preview shows. */
export const IMPORT_SAMPLE_ROWS = 10;

/** What the project and the company already hold, that the rows are checked against. */
export type ImportContext = {
  /** The project's activity codes → their id and level. */
  projectCodes: Map<string, { id: number; level: number }>;
  /** The company's attributes: id → its values' names in lower case → value id. */
  attributes: Map<number, Map<string, number>>;
};

/** column name → field or `attribute:<id>` (null or absent: ignored). */
export type Mapping = Record<string, string | null>;

export type PlannedRow = {
  row: number;
  code: string | null;
  /** Where the parent is: a row of the file (its index in `rows`), an activity of the project, or none. */
  parent: { fileIndex: number } | { activityId: number; level: number } | null;
  level: number;
  description: string;
  estimated_start: string | null;
  estimated_end: string | null;
  actual_start: string | null;
  actual_end: string | null;
  progress: number;
  estimated_cost: number | null;
  actual_cost: number | null;
  currency: ActivityCurrency | null;
  /** attribute id → value name, as written (trimmed). */
  values: Map<number, string>;
};

export type ImportCheck = {
  rows: PlannedRow[];
  errors: { row: number; column: string; message: string }[];
  errorRows: number;
  newValues: Map<number, string[]>;
};

/**
 * The mapping's own rules, before any row: its columns are the sheet's, each target is taken once, the attributes
 * are the company's, and a column is the description. A 422 names `mapping` or `mapping.<column>`.
 */
export function mappingErrors(sheet: ImportSheetData, mapping: Mapping, context: ImportContext): FieldError[] {
  const errors: FieldError[] = [];
  const taken = new Map<string, string>();
  for (const [column, target] of Object.entries(mapping)) {
    if (target === null) continue;
    const field = `mapping.${column}`;
    if (!sheet.columns.includes(column)) errors.push({ field, key: 'quality.errors.import_unknown_column' });
    else if (target.startsWith('attribute:') && !context.attributes.has(Number(target.slice(10))))
      errors.push({ field, key: 'quality.errors.attribute_unknown' });
    else if (taken.has(target))
      errors.push({ field, key: 'quality.errors.import_target_twice', params: { column: taken.get(target)! } });
    else taken.set(target, column);
  }
  if (!taken.has('description')) errors.push({ field: 'mapping', key: 'quality.errors.import_description_unmapped' });
  return errors;
}

/** A spreadsheet date: dd-mm-yyyy or yyyy-mm-dd ('/' too, time ignored) or an Excel serial (lib/spreadsheet.ts). */
export const importDate = sheetDate;

/**
 * A spreadsheet number: decimal commas with dot groups as es/pt-BR write them ('1.234,5', domain/format.ts
 * parseDecimal), '1,234.5' as en does, and a currency sign or % around it.
 */
export function importNumber(text: string): number | null {
  const bare = text.replace(/^[^\d+\-.,]+|[^\d.,]+$/g, '').replace(/\s/g, '');
  if (!bare) return null;
  if (/^[+-]?\d{1,3}(,\d{3})+\.\d+$/.test(bare)) return Number(bare.replace(/,/g, ''));
  return parseDecimal(bare);
}

/** The code a nested code hangs from: '1.2.3' → '1.2'; none for '1'. */
export const nestedParentCode = (code: string) => (code.includes('.') ? code.slice(0, code.lastIndexOf('.')) : null);

/**
 * Checks every row, writing nothing (docs/product.md §5 and the wizard's rules in docs/api.md): description
 * non-empty; codes unique in the file and new in the project; the parent (a parent-code column, or else the code's
 * nesting, '1.2' under '1') in the file or the project; valid dates (domain/format.ts) with the end not before the
 * start; progress 0–100; costs 0–ACTIVITY_COST_MAX; a known currency; attribute values' names as the value rules
 * want them, new ones listed to be created. Messages are in the caller's language, by row and column.
 */
export function checkRows(sheet: ImportSheetData, mapping: Mapping, context: ImportContext, t: Translate): ImportCheck {
  const columnOf = new Map<ImportField, number>();
  const attributeColumns: { attributeId: number; index: number; column: string }[] = [];
  for (const [column, target] of Object.entries(mapping)) {
    const index = sheet.columns.indexOf(column);
    if (target === null || index < 0) continue;
    if (target.startsWith('attribute:'))
      attributeColumns.push({ attributeId: Number(target.slice(10)), index, column });
    else if ((IMPORT_FIELDS as readonly string[]).includes(target)) columnOf.set(target as ImportField, index);
  }
  const nameOf = (field: ImportField) => sheet.columns[columnOf.get(field)!];
  const errors: ImportCheck['errors'] = [];
  const rowsWithErrors = new Set<number>();
  const fail = (row: number, column: string, key: string, params?: Params) => {
    rowsWithErrors.add(row);
    errors.push({ row, column, message: t(key, params) });
  };

  // First pass: each row's own fields.
  const planned: PlannedRow[] = [];
  const parentCodes: (string | null)[] = [];
  const firstRowOfCode = new Map<string, number>();
  const newValues = new Map<number, Map<string, string>>();
  for (const line of sheet.rows) {
    const cell = (field: ImportField) => {
      const i = columnOf.get(field);
      return i === undefined ? '' : (line.cells[i] ?? '').trim();
    };
    const r = line.row;
    const description = cell('description');
    if (!description) fail(r, nameOf('description'), 'validation.required');
    else if (description.length > ACTIVITY_DESCRIPTION_MAX)
      fail(r, nameOf('description'), 'validation.max_length', { max: ACTIVITY_DESCRIPTION_MAX });

    const code = cell('index') || null;
    if (code !== null) {
      const first = firstRowOfCode.get(code.toLowerCase());
      if (code.length > IMPORT_CODE_MAX) fail(r, nameOf('index'), 'validation.max_length', { max: IMPORT_CODE_MAX });
      else if (first !== undefined)
        fail(r, nameOf('index'), 'quality.errors.import_code_repeated', { code, row: first });
      else if (context.projectCodes.has(code.toLowerCase()))
        fail(r, nameOf('index'), 'quality.errors.import_code_used', { code });
      if (first === undefined) firstRowOfCode.set(code.toLowerCase(), r);
    }
    parentCodes.push(cell('parent_index') || (columnOf.has('parent_index') || !code ? null : nestedParentCode(code)));

    const date = (field: ImportField) => {
      const text = cell(field);
      if (!text) return null;
      const iso = importDate(text);
      if (!iso) fail(r, nameOf(field), 'quality.errors.import_date', { value: text });
      return iso;
    };
    const dates = {
      estimated_start: date('estimated_start'),
      estimated_end: date('estimated_end'),
      actual_start: date('actual_start'),
      actual_end: date('actual_end'),
    };
    for (const [start, end] of [
      ['estimated_start', 'estimated_end'],
      ['actual_start', 'actual_end'],
    ] as const) {
      const s = dates[start];
      const e = dates[end];
      if (s && e && e < s)
        fail(r, nameOf(end), 'quality.errors.import_end_before_start', { end: formatDate(e), start: formatDate(s) });
    }

    const number = (field: ImportField, max: number, rangeKey: string) => {
      const text = cell(field);
      if (!text) return null;
      const n = importNumber(text);
      if (n === null) fail(r, nameOf(field), 'quality.errors.import_number', { value: text });
      else if (n < 0 || n > max) fail(r, nameOf(field), rangeKey, { max });
      else return n;
      return null;
    };
    const progress = number('progress', 100, 'quality.errors.import_progress_range');
    const estimatedCost = number('estimated_cost', ACTIVITY_COST_MAX, 'quality.errors.import_cost_range');
    const actualCost = number('actual_cost', ACTIVITY_COST_MAX, 'quality.errors.import_cost_range');

    const currencyText = cell('currency');
    let currency: ActivityCurrency | null = null;
    if (currencyText) {
      const upper = currencyText.toUpperCase();
      if ((ACTIVITY_CURRENCIES as readonly string[]).includes(upper)) currency = upper as ActivityCurrency;
      else
        fail(r, nameOf('currency'), 'quality.errors.import_currency', {
          value: currencyText,
          list: ACTIVITY_CURRENCIES.join(', '),
        });
    }

    const values = new Map<number, string>();
    for (const { attributeId, index, column } of attributeColumns) {
      const name = (line.cells[index] ?? '').trim();
      if (!name) continue;
      if (name.length > ATTRIBUTE_VALUE_MAX) fail(r, column, 'validation.max_length', { max: ATTRIBUTE_VALUE_MAX });
      else if (/\s{2,}/.test(name)) fail(r, column, 'validation.no_double_spaces');
      else {
        values.set(attributeId, name);
        const key = name.toLowerCase();
        if (!context.attributes.get(attributeId)?.has(key)) {
          let pending = newValues.get(attributeId);
          if (!pending) newValues.set(attributeId, (pending = new Map()));
          if (!pending.has(key)) pending.set(key, name);
        }
      }
    }

    planned.push({
      row: r,
      code,
      parent: null,
      level: 0,
      description,
      ...dates,
      progress: progress ?? 0,
      estimated_cost: estimatedCost,
      actual_cost: actualCost,
      currency,
      values,
    });
  }

  // Second pass: parents and levels, walking up at most ACTIVITY_LEVEL_MAX + 1 steps per row.
  const indexOfCode = new Map<string, number>();
  planned.forEach((p, i) => {
    if (p.code && !indexOfCode.has(p.code.toLowerCase())) indexOfCode.set(p.code.toLowerCase(), i);
  });
  const parentColumn = columnOf.has('parent_index') ? nameOf('parent_index') : nameOf('index');
  planned.forEach((p, i) => {
    const parentCode = parentCodes[i];
    if (!parentCode) return;
    const key = parentCode.toLowerCase();
    const inFile = indexOfCode.get(key);
    const inProject = context.projectCodes.get(key);
    if (inFile !== undefined && inFile !== i) p.parent = { fileIndex: inFile };
    else if (inProject) p.parent = { activityId: inProject.id, level: inProject.level };
    else if (inFile === i) fail(p.row, parentColumn, 'quality.errors.import_parent_cycle', { code: parentCode });
    else fail(p.row, parentColumn, 'quality.errors.import_parent_missing', { code: parentCode });
  });
  planned.forEach((p, i) => {
    let depth = 0;
    let at: PlannedRow = p;
    const seen = new Set<number>([i]);
    while (at.parent && 'fileIndex' in at.parent && depth <= ACTIVITY_LEVEL_MAX) {
      if (seen.has(at.parent.fileIndex)) {
        fail(p.row, parentColumn, 'quality.errors.import_parent_cycle', { code: parentCodes[i] ?? '' });
        return;
      }
      seen.add(at.parent.fileIndex);
      at = planned[at.parent.fileIndex];
      depth++;
    }
    const base = at.parent && 'activityId' in at.parent ? at.parent.level + 1 : 0;
    p.level = base + depth;
    if (p.level > ACTIVITY_LEVEL_MAX)
      fail(p.row, parentColumn, 'quality.errors.import_too_deep', { max: ACTIVITY_LEVEL_MAX });
  });

  errors.sort((a, b) => a.row - b.row);
  return {
    rows: planned,
    errors,
    errorRows: rowsWithErrors.size,
    newValues: new Map([...newValues].map(([id, names]) => [id, [...names.values()]])),
  };
}

/** Step 3's answer: the counts, the first errors, the values to create and a sample of the valid rows. */
export function previewAnswer(check: ImportCheck): ImportPreview {
  const bad = new Set(check.errors.map((e) => e.row));
  return {
    row_count: check.rows.length,
    valid_count: check.rows.length - check.errorRows,
    error_count: check.errors.length,
    errors: check.errors.slice(0, IMPORT_ERRORS_SHOWN_MAX),
    new_values: Object.fromEntries([...check.newValues].map(([id, names]) => [String(id), names])),
    sample: check.rows
      .filter((r) => !bad.has(r.row))
      .slice(0, IMPORT_SAMPLE_ROWS)
      .map((r) => ({
        code: r.code,
        description: r.description,
        level: r.level,
        estimated_start: r.estimated_start,
        estimated_end: r.estimated_end,
        progress: r.progress,
      })),
  };
}
