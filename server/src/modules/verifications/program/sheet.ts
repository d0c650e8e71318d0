import { PROGRAM_FIELDS, PROGRAM_ROWS_MAX, type ProgramField } from '#domain/verifications';
import type { ProgramSheet } from '#domain/verifications-responses';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import { columnNames, foldHeader, readSheet, type SheetRow } from '../../../lib/spreadsheet.ts';
import { fileBytes, readableFile } from '../../files/service.ts';

/** Rows shown under each column in step 2 of the wizard. */
export const SHEET_SAMPLE_ROWS = 10;

/** An uploaded program: its column names (unique, from the header row) and its data rows, numbered as in the file. */
export type ProgramSheetData = { columns: string[]; rows: SheetRow[] };

/**
 * Reads the xlsx or csv the caller uploaded (files/upload-url, context uploader): a foreign or unknown path is a 404,
 * another kind of file a 422 on `path`, like an unreadable or empty one; at most PROGRAM_ROWS_MAX data rows.
 */
export async function loadProgramSheet(deps: AppDeps, user: SessionUser, path: string): Promise<ProgramSheetData> {
  const file = await readableFile(deps, user, path);
  if (!/^(xlsx|csv)$/i.test(file.extension))
    throw unprocessable([{ field: 'path', key: 'verifications.program.file_type' }]);
  const bytes = await fileBytes(deps, user, path);
  const sheet = bytes ? await readSheet(bytes, file.name || `programa.${file.extension}`) : null;
  if (!sheet || !sheet.length) throw unprocessable([{ field: 'path', key: 'verifications.program.unreadable' }]);
  const [header, ...rows] = sheet;
  if (!rows.length) throw unprocessable([{ field: 'path', key: 'verifications.program.empty' }]);
  if (rows.length > PROGRAM_ROWS_MAX) {
    const params = { count: rows.length, max: PROGRAM_ROWS_MAX };
    throw new ApiError(422, 'verifications.program.too_many_rows', params, [
      { field: 'path', key: 'verifications.program.too_many_rows', params },
    ]);
  }
  const width = Math.max(header.cells.length, ...rows.slice(0, 1000).map((r) => r.cells.length));
  return { columns: columnNames(header.cells, width), rows };
}

/**
 * Header words, folded (lib/spreadsheet.ts foldHeader), as es, pt-BR and en programs name each field. Code, not
 * locale: a sheet in any of the three languages is recognized whatever the caller's.
 */
const HEADER_WORDS: Record<ProgramField, string[]> = {
  code: ['codigo', 'cod', 'code', 'id', 'item', 'n', 'no', 'nro', 'numero', 'n recepcion', 'codigo recepcion'],
  name: [
    'nombre',
    'descripcion',
    'recepcion',
    'actividad',
    'nome',
    'descricao',
    'atividade',
    'name',
    'description',
    'activity',
    'reception',
  ],
  work_package: [
    'partida',
    'etapa',
    'especialidad',
    'faena',
    'pacote',
    'pacote de trabalho',
    'disciplina',
    'servico',
    'work package',
    'package',
    'stage',
    'trade',
  ],
  location: ['ubicacion', 'localizacion', 'sector', 'lugar', 'zona', 'local', 'localizacao', 'location', 'area'],
  contractor: [
    'contratista',
    'subcontrato',
    'subcontratista',
    'empresa',
    'empreiteira',
    'empreiteiro',
    'contratada',
    'subempreiteira',
    'contractor',
    'subcontractor',
    'company',
  ],
  planned_start: [
    'inicio',
    'fecha inicio',
    'fecha de inicio',
    'inicio programado',
    'inicio planificado',
    'comienzo',
    'data inicio',
    'data de inicio',
    'inicio previsto',
    'start',
    'start date',
    'planned start',
  ],
  planned_end: [
    'fin',
    'fecha fin',
    'fecha de fin',
    'termino',
    'fecha termino',
    'fecha de termino',
    'fin programado',
    'fin planificado',
    'fim',
    'data fim',
    'data de fim',
    'data termino',
    'data de termino',
    'fim previsto',
    'end',
    'end date',
    'finish',
    'planned end',
  ],
};

const FIELD_OF_WORD = new Map<string, ProgramField>(
  PROGRAM_FIELDS.flatMap((field) => HEADER_WORDS[field].map((w) => [w, field] as const)),
);

/** A first guess of step 2: each column whose header names a program field, each field taken by the first column. */
export function suggestMapping(columns: string[]): ProgramSheet['suggested_mapping'] {
  const taken = new Set<ProgramField>();
  const out: ProgramSheet['suggested_mapping'] = {};
  for (const column of columns) {
    const field = FIELD_OF_WORD.get(foldHeader(column));
    if (field && !taken.has(field)) {
      taken.add(field);
      out[column] = field;
    }
  }
  return out;
}

/** The sheet as step 2 shows it. */
export function sheetAnswer(sheet: ProgramSheetData): ProgramSheet {
  return {
    columns: sheet.columns,
    sample: sheet.rows.slice(0, SHEET_SAMPLE_ROWS).map((r) => sheet.columns.map((_, i) => r.cells[i] ?? '')),
    row_count: sheet.rows.length,
    suggested_mapping: suggestMapping(sheet.columns),
  };
}
