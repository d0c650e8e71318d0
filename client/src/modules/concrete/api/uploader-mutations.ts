import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConcreteDocument, ConcreteModelResponse } from '#domain/concrete-placements-responses';
import type { ConcreteDocumentsInput } from '#domain/schemas/concrete';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { CONCRETE_API } from './config.ts';
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

/** Attaches uploaded PDFs as documents of one kind (and placement): the answer is the project's new list. */
export function useAddConcreteDocuments(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConcreteDocumentsInput) =>
      apiV2
        .post<DataEnvelope<ConcreteDocument[]>>(projectPath(projectId, 'documentos'), input, silent)
        .then((r) => r.data),
    onSuccess: (list) => queryClient.setQueryData(concreteKeys.documents(projectId), list),
  });
}

/** Removes one document; the list is asked again. */
export function useRemoveConcreteDocument(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => apiV2.delete(`${CONCRETE_API}/documentos/${documentId}`, undefined, silent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: concreteKeys.documents(projectId) }),
  });
}
