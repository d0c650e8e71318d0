import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConcreteModelResponse } from '#domain/concrete-placements-responses';
import { apiV2 } from '../../../api/clients.ts';
import { concreteKeys } from './keys.ts';
import { projectPath } from './uploader.ts';

/** The 409 (model in use) is shown in the confirm dialog with its message, not as a toast. */
const silent = { silent: true } as const;

/**
 * Assigns (model_id) or removes (null) the project's Concrete model: the answer is the model query; the advance,
 * which colours that model, is asked again.
 */
export function useSetConcreteModel(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (modelId: number | null) =>
      modelId === null
        ? apiV2
            .delete(projectPath(projectId, 'modelo'), undefined, silent)
            .then((): ConcreteModelResponse => ({ model: null }))
        : apiV2.put<ConcreteModelResponse>(projectPath(projectId, 'modelo'), { model_id: modelId }, silent),
    onSuccess: (answer) => {
      queryClient.setQueryData(concreteKeys.model(projectId), answer);
      void queryClient.invalidateQueries({ queryKey: concreteKeys.advance(projectId) });
    },
  });
}
