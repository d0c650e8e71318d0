import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MappingBody, SheetBody } from '../../../widgets/sheet-import/sheet-import-wizard.tsx';
import { verificationKeys } from './keys.ts';
import { programApi } from './program.ts';

/** Step 1 → 2 of the program upload: the sheet's columns and the suggested mapping. */
export function useProgramSheet() {
  return useMutation({ mutationFn: (body: SheetBody) => programApi.sheet(body) });
}

/** Step 3: the preview (counts, errors, work packages without a template). */
export function useProgramPreview() {
  return useMutation({ mutationFn: (body: MappingBody) => programApi.preview(body) });
}

/** The import (verificaciones_gestionar): the project's list, Gantt and follow-ups (its work() key) are asked again. */
export function useRunProgramImport(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MappingBody) => programApi.run(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: verificationKeys.work(projectId) }),
  });
}
