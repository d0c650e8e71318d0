import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportSheet } from '#domain/quality-responses';
import type { ImportMapping } from '#domain/schemas/quality';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { qualityKeys } from './keys.ts';
import { QUALITY_API } from './activities.ts';

/** The activity import wizard (docs/api.md "## Quality": calidad/importaciones), three steps on one uploaded sheet. */
export type ImportResult = { created: number; values_created: number };
export type ImportSheetBody = { project_id: number; path: string };

const IMPORTS = `${QUALITY_API}/importaciones`;

export const importsApi = {
  sheet: (body: ImportSheetBody) =>
    apiV2.post<DataEnvelope<ImportSheet>>(`${IMPORTS}/hoja`, body, { silent: true }).then((r) => r.data),
  preview: (body: ImportMapping) =>
    apiV2.post<DataEnvelope<ImportPreview>>(`${IMPORTS}/vista-previa`, body, { silent: true }).then((r) => r.data),
  run: (body: ImportMapping) => apiV2.post<DataEnvelope<ImportResult>>(IMPORTS, body).then((r) => r.data),
};

/** Step 1 → 2: the uploaded sheet's columns, first rows and guessed mapping. */
export function useImportSheet() {
  return useMutation({ mutationFn: (body: ImportSheetBody) => importsApi.sheet(body) });
}

/** Step 3: every row checked, nothing written. */
export function useImportPreview() {
  return useMutation({ mutationFn: (body: ImportMapping) => importsApi.preview(body) });
}

/** The import itself (one transaction on the server): the project's activities and the attributes are asked again. */
export function useRunImport(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportMapping) => importsApi.run(body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) });
      if (result.values_created > 0) void queryClient.invalidateQueries({ queryKey: qualityKeys.attributes() });
    },
  });
}
