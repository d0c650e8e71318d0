import { formatDate } from '#domain/format';
import {
  CONTRACTOR_MAX,
  PROGRAM_FIELDS,
  PROGRAM_REQUIRED_FIELDS,
  RECEPTION_CODE_MAX,
  RECEPTION_EDITABLE_STATES,
  RECEPTION_LOCATION_MAX,
  RECEPTION_NAME_MAX,
  WORK_PACKAGE_MAX,
  type ProgramField,
  type ReceptionState,
} from '#domain/verifications';
import type { ProgramPreview } from '#domain/verifications-responses';
import type { FieldError } from '../../../lib/errors.ts';
import type { Params, Translate } from '../../../lib/i18n.ts';
import { sheetDate } from '../../../lib/spreadsheet.ts';
import type { ProgramSheetData } from './sheet.ts';

/** Errors the preview lists (error_count counts them all). */
export const PROGRAM_ERRORS_SHOWN_MAX = 500;
/** Rows of what would be imported that the preview shows. */
export const PROGRAM_SAMPLE_ROWS = 10;

/** column name → program field (null or absent: ignored). */
export type ProgramMappingInput = Record<string, ProgramField | null>;

/** What the project and the company already hold, that the rows are checked against. */
export type ProgramContext = {
  /** The project's receptions by code in lower case. */
  existing: Map<string, { id: number; state: ReceptionState }>;
  /** The company's active templates by work package in lower case → the template's id. */
  templates: Map<string, number>;
  /** Receptions the project holds now. */
  receptionCount: number;
};

/** A row as it would be stored; an optional field left unmapped is undefined (an update keeps its value). */
export type PlannedReception = {
  row: number;
  code: string;
  name: string;
  work_package: string | null | undefined;
  location: string | null | undefined;
  contractor: string | null | undefined;
  planned_start: string;
  planned_end: string;
  /** The reception of the project it updates, or null for a new one. */
  existingId: number | null;
  /** The active template its work package names (undefined: work package unmapped). */
  templateId: number | null | undefined;
};

export type ProgramCheck = {
  /** The rows without errors. */
  rows: PlannedReception[];
  rowCount: number;
  errors: ProgramPreview['errors'];
  errorRows: number;
  unmatchedWorkPackages: string[];
};

const TEXT_MAX: Record<ProgramField, number> = {
  code: RECEPTION_CODE_MAX,
  name: RECEPTION_NAME_MAX,
  work_package: WORK_PACKAGE_MAX,
  location: RECEPTION_LOCATION_MAX,
  contractor: CONTRACTOR_MAX,
  planned_start: 40,
  planned_end: 40,
};

const editable = (state: ReceptionState) => (RECEPTION_EDITABLE_STATES as readonly ReceptionState[]).includes(state);

/**
 * The mapping's own rules, before any row: its columns are the sheet's, each field is taken by one column, and every
 * required field (PROGRAM_REQUIRED_FIELDS) has one. A 422 names `mapping.<column>` or, for what is missing, `mapping`.
 */
export function mappingErrors(sheet: ProgramSheetData, mapping: ProgramMappingInput, t: Translate): FieldError[] {
  const errors: FieldError[] = [];
  const taken = new Map<ProgramField, string>();
  for (const [column, field] of Object.entries(mapping)) {
    if (field === null) continue;
    const at = `mapping.${column}`;
    if (!sheet.columns.includes(column)) errors.push({ field: at, key: 'verifications.program.unknown_column' });
    else if (taken.has(field))
      errors.push({ field: at, key: 'verifications.program.field_twice', params: { column: taken.get(field)! } });
    else taken.set(field, column);
  }
  const missing = PROGRAM_REQUIRED_FIELDS.filter((f) => !taken.has(f));
  if (missing.length)
    errors.push({
      field: 'mapping',
      key: 'verifications.program.required_unmapped',
      params: { fields: missing.map((f) => t(`verifications.program.fields.${f}`)).join(', ') },
    });
  return errors;
}

/**
 * Checks every row, writing nothing: code and name present, texts within their limits, both dates readable
 * (YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY, an xlsx date or an Excel serial) with the end not before the start, a code
 * once in the file (a repeat is an error on its later row), and a code already in the project only while its
 * reception is still programmed (it is then updated). Messages are in the caller's language, by row and column.
 */
export function checkRows(
  sheet: ProgramSheetData,
  mapping: ProgramMappingInput,
  context: ProgramContext,
  t: Translate,
): ProgramCheck {
  const columnOf = new Map<ProgramField, number>();
  for (const [column, field] of Object.entries(mapping)) {
    const index = sheet.columns.indexOf(column);
    if (field !== null && index >= 0 && (PROGRAM_FIELDS as readonly string[]).includes(field))
      columnOf.set(field, index);
  }
  const nameOf = (field: ProgramField) => sheet.columns[columnOf.get(field)!];
  const errors: ProgramCheck['errors'] = [];
  const rowsWithErrors = new Set<number>();
  const fail = (row: number, field: ProgramField, key: string, params?: Params) => {
    rowsWithErrors.add(row);
    errors.push({ row, column: nameOf(field), message: t(key, params) });
  };

  const rows: PlannedReception[] = [];
  const firstRowOfCode = new Map<string, number>();
  const unmatched = new Map<string, string>();
  for (const line of sheet.rows) {
    const r = line.row;
    const cell = (field: ProgramField) => {
      const i = columnOf.get(field);
      return i === undefined ? '' : (line.cells[i] ?? '').trim();
    };
    const text = (field: ProgramField, required: boolean): string | null | undefined => {
      if (!columnOf.has(field)) return undefined;
      const value = cell(field);
      if (!value) {
        if (required) fail(r, field, 'validation.required');
        return null;
      }
      if (value.length > TEXT_MAX[field]) fail(r, field, 'validation.max_length', { max: TEXT_MAX[field] });
      return value;
    };
    const date = (field: ProgramField) => {
      const value = cell(field);
      if (!value) {
        fail(r, field, 'validation.required');
        return null;
      }
      const iso = sheetDate(value);
      if (!iso) fail(r, field, 'verifications.program.date', { value });
      return iso;
    };

    const code = text('code', true);
    let existingId: number | null = null;
    if (code) {
      const key = code.toLowerCase();
      const first = firstRowOfCode.get(key);
      if (first !== undefined) fail(r, 'code', 'verifications.program.code_repeated', { code, row: first });
      else {
        firstRowOfCode.set(key, r);
        const existing = context.existing.get(key);
        if (existing && !editable(existing.state))
          fail(r, 'code', 'verifications.program.code_not_programmed', { code });
        else existingId = existing?.id ?? null;
      }
    }
    const name = text('name', true);
    const workPackage = text('work_package', false);
    const location = text('location', false);
    const contractor = text('contractor', false);
    const start = date('planned_start');
    const end = date('planned_end');
    if (start && end && end < start)
      fail(r, 'planned_end', 'verifications.program.end_before_start', {
        end: formatDate(end),
        start: formatDate(start),
      });

    let templateId: number | null | undefined = undefined;
    if (workPackage !== undefined) {
      templateId = workPackage ? (context.templates.get(workPackage.toLowerCase()) ?? null) : null;
      if (workPackage && templateId === null && !unmatched.has(workPackage.toLowerCase()))
        unmatched.set(workPackage.toLowerCase(), workPackage);
    }
    if (rowsWithErrors.has(r)) continue;
    rows.push({
      row: r,
      code: code!,
      name: name!,
      work_package: workPackage,
      location,
      contractor,
      planned_start: start!,
      planned_end: end!,
      existingId,
      templateId,
    });
  }

  errors.sort((a, b) => a.row - b.row);
  return {
    rows,
    rowCount: sheet.rows.length,
    errors,
    errorRows: rowsWithErrors.size,
    unmatchedWorkPackages: [...unmatched.values()],
  };
}

/** Step 3's answer: the counts, the first errors, the work packages no template receives and the first valid rows. */
export function previewAnswer(check: ProgramCheck): ProgramPreview {
  const updates = check.rows.filter((r) => r.existingId !== null).length;
  return {
    row_count: check.rowCount,
    valid_count: check.rows.length,
    error_count: check.errors.length,
    errors: check.errors.slice(0, PROGRAM_ERRORS_SHOWN_MAX),
    create_count: check.rows.length - updates,
    update_count: updates,
    unmatched_work_packages: check.unmatchedWorkPackages,
    sample: check.rows.slice(0, PROGRAM_SAMPLE_ROWS).map((r) => ({
      code: r.code,
      name: r.name,
      work_package: r.work_package ?? null,
      location: r.location ?? null,
      contractor: r.contractor ?? null,
      planned_start: r.planned_start,
      planned_end: r.planned_end,
    })),
  };
}
