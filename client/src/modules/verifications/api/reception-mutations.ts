import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceptionCreateInput, ReceptionUpdateInput } from '#domain/schemas/verifications';
import type { ReceptionDetail } from '#domain/verifications-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { verificationKeys } from './keys.ts';
import { VERIFICATIONS_API } from './receptions.ts';

/** Field errors (422) are shown on the form, not as a toast. */
const silent = { silent: true } as const;

/**
 * A written reception: its detail is the answer (written into its query); the project's list, Gantt and follow-ups,
 * filtered and counted by the server, are asked again by the project's work() key.
 */
function useWriteReception() {
  const queryClient = useQueryClient();
  return (detail: ReceptionDetail) => {
    queryClient.setQueryData(verificationKeys.reception(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: verificationKeys.work(detail.project_id) });
    // A template now names one more (or one fewer) reception.
    void queryClient.invalidateQueries({ queryKey: verificationKeys.templates() });
  };
}

/** POST verificaciones/recepciones: one reception written by hand into the project's program. */
export function useCreateReception() {
  const write = useWriteReception();
  return useMutation({
    mutationFn: (input: ReceptionCreateInput) =>
      apiV2.post<DataEnvelope<ReceptionDetail>>(`${VERIFICATIONS_API}/recepciones`, input, silent).then((r) => r.data),
    onSuccess: write,
  });
}

/** PATCH verificaciones/recepciones/{receptionId}: a programmed reception's program fields, only what changed. */
export function useUpdateReception() {
  const write = useWriteReception();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ReceptionUpdateInput }) =>
      apiV2
        .patch<DataEnvelope<ReceptionDetail>>(`${VERIFICATIONS_API}/recepciones/${id}`, input, silent)
        .then((r) => r.data),
    onSuccess: write,
  });
}
