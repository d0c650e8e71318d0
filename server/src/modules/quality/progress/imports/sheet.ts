import { IMPORT_FIELDS, IMPORT_ROWS_MAX, type ImportField } from '#domain/quality';
import type { ImportSheet } from '#domain/quality-responses';
import type { AppDeps, SessionUser } from '../../../../http/context.ts';
import { ApiError, unprocessable } from '../../../../lib/errors.ts';
import { columnNames, foldHeader, readSheet, type SheetRow } from '../../../../lib/spreadsheet.ts';
import { fileBytes, readableFile } from '../../../files/service.ts';

/** Rows shown under each column in step 2 of the wizard. */
export const SHEET_SAMPLE_ROWS = 10;

/** An uploaded sheet: its column names (unique, from the header row) and its data rows, numbered as in the file. */
export type ImportSheetData = { columns: string[]; rows: SheetRow[] };

/**
 * Reads an xlsx or csv the caller uploaded (files/upload-url, context uploader): a foreign or unknown path is a
 * 404, another kind of file a 422 on `path`, like an unreadable one; at most IMPORT_ROWS_MAX data rows.
 */
export async function loadImportSheet(deps: AppDeps, user: SessionUser, path: string): Promise<ImportSheetData> {
  const file = await readableFile(deps, user, path);
  if (!/^(xlsx|csv)$/i.test(file.extension))
    throw unprocessable([{ field: 'path', key: 'quality.errors.import_file_type' }]);
  const bytes = await fileBytes(deps, user, path);
  const sheet = bytes ? await readSheet(bytes, file.name || `import.${file.extension}`) : null;
  if (!sheet || !sheet.length) throw unprocessable([{ field: 'path', key: 'quality.errors.import_unreadable' }]);
  const [header, ...rows] = sheet;
  if (!rows.length) throw unprocessable([{ field: 'path', key: 'quality.errors.import_empty' }]);
  if (rows.length > IMPORT_ROWS_MAX)
    throw new ApiError(422, 'quality.errors.import_too_many', { count: rows.length, max: IMPORT_ROWS_MAX });
  const width = Math.max(header.cells.length, ...rows.slice(0, 1000).map((r) => r.cells.length));
  return { columns: columnNames(header.cells, width), rows };
}

export { columnNames, foldHeader };

/** Header words, folded (no case, no accents, no punctuation but %), as es, pt-BR and en schedules name them. */
const HEADER_WORDS: Record<ImportField, string[]> = {
  index: ['indice', 'codigo', 'code', 'index', 'id', 'wbs', 'edt', 'item', 'n', 'no', 'nro', 'numero', 'cod'],
  description: ['descripcion', 'descricao', 'description', 'actividad', 'atividade', 'activity', 'nombre', 'nome'],
  parent_index: ['padre', 'codigo padre', 'indice padre', 'pai', 'codigo pai', 'indice pai', 'parent', 'parent code'],
  estimated_start: [
    'inicio',
    'inicio estimado',
    'inicio planificado',
    'inicio programado',
    'inicio previsto',
    'fecha inicio',
    'fecha de inicio',
    'comienzo',
    'data inicio',
    'data de inicio',
    'start',
    'estimated start',
    'planned start',
    'start date',
  ],
  estimated_end: [
    'fin',
    'fin estimado',
    'fin planificado',
    'fin programado',
    'termino',
    'fecha fin',
    'fecha de termino',
    'fim',
    'fim estimado',
    'fim previsto',
    'termino previsto',
    'data fim',
    'data de termino',
    'end',
    'finish',
    'estimated end',
    'planned end',
    'end date',
  ],
  actual_start: ['inicio real', 'comienzo real', 'actual start'],
  actual_end: ['fin real', 'termino real', 'fim real', 'actual end', 'actual finish'],
  progress: [
    'avance',
    '% avance',
    'avance %',
    'porcentaje',
    'progreso',
    'avanco',
    'progresso',
    'progress',
    '%',
    '% complete',
  ],
  estimated_cost: ['costo', 'costo estimado', 'presupuesto', 'custo', 'custo estimado', 'orcamento', 'cost', 'budget'],
  actual_cost: ['costo real', 'custo real', 'gasto', 'actual cost'],
  currency: ['moneda', 'divisa', 'moeda', 'currency'],
};

/**
 * A first guess of step 2: each column whose header names an activity field (HEADER_WORDS) or one of the company's
 * attributes, each target taken by the first column naming it.
 */
export function suggestMapping(columns: string[], attributes: { id: number; name: string }[]) {
  const byWord = new Map<string, ImportSheet['suggested_mapping'][string]>();
  for (const field of IMPORT_FIELDS) for (const w of HEADER_WORDS[field]) if (!byWord.has(w)) byWord.set(w, field);
  for (const a of attributes) if (!byWord.has(foldHeader(a.name))) byWord.set(foldHeader(a.name), `attribute:${a.id}`);
  const taken = new Set<string>();
  const out: ImportSheet['suggested_mapping'] = {};
  for (const column of columns) {
    const target = byWord.get(foldHeader(column));
    if (target && !taken.has(target)) {
      taken.add(target);
      out[column] = target;
    }
  }
  return out;
}

/** The sheet as step 2 shows it. */
export function sheetAnswer(sheet: ImportSheetData, attributes: { id: number; name: string }[]): ImportSheet {
  return {
    columns: sheet.columns,
    sample: sheet.rows.slice(0, SHEET_SAMPLE_ROWS).map((r) => sheet.columns.map((_, i) => r.cells[i] ?? '')),
    row_count: sheet.rows.length,
    suggested_mapping: suggestMapping(sheet.columns, attributes),
  };
}
