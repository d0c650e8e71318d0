import type { ProgramPreview, ProgramResult, ProgramSheet } from '#domain/verifications-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import type { MappingBody, SheetBody } from '../../../widgets/sheet-import/sheet-import-wizard.tsx';
import { VERIFICATIONS_API } from './receptions.ts';

export type { ProgramResult };

const PROGRAM = `${VERIFICATIONS_API}/programa`;
/** Each step's 422 is shown in the wizard (on the mapping's column, or as its failure), never as a toast. */
const silent = { silent: true } as const;

export const programApi = {
  /** Step 1 → 2: the uploaded sheet's columns, first rows and guessed mapping. */
  sheet: (body: SheetBody) =>
    apiV2.post<DataEnvelope<ProgramSheet>>(`${PROGRAM}/columnas`, body, silent).then((r) => r.data),
  /** Step 3: every row checked against the project's program, nothing written. */
  preview: (body: MappingBody) =>
    apiV2.post<DataEnvelope<ProgramPreview>>(`${PROGRAM}/revisar`, body, silent).then((r) => r.data),
  /** The import: new codes are created, existing ones (still programmed) updated. */
  run: (body: MappingBody) =>
    apiV2.post<DataEnvelope<ProgramResult>>(`${PROGRAM}/importar`, body, silent).then((r) => r.data),
};
