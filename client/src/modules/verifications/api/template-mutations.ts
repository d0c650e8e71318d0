import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateCreateInput, TemplateUpdateInput } from '#domain/schemas/verifications';
import type { ReceptionTemplate } from '#domain/verifications-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { verificationKeys } from './keys.ts';
import { VERIFICATIONS_API } from './receptions.ts';
import { templateOrder } from './templates.ts';

/** Field errors (422) are shown on the form, not as a toast. */
const silent = { silent: true } as const;

/** The template the server answers, written into the cached list in the server's order. */
function useWriteTemplate() {
  const queryClient = useQueryClient();
  return (row: ReceptionTemplate) =>
    queryClient.setQueryData<ReceptionTemplate[]>(verificationKeys.templates(), (list) =>
      templateOrder(list ? [...list.filter((r) => r.id !== row.id), row] : [row]),
    );
}

/** POST verificaciones/plantillas (config_recepciones). */
export function useCreateTemplate() {
  const write = useWriteTemplate();
  return useMutation({
    mutationFn: (input: TemplateCreateInput) =>
      apiV2.post<DataEnvelope<ReceptionTemplate>>(`${VERIFICATIONS_API}/plantillas`, input, silent).then((r) => r.data),
    onSuccess: write,
  });
}

/** PATCH verificaciones/plantillas/{templateId}: only what changed (a checklist sent replaces the template's). */
export function useUpdateTemplate() {
  const write = useWriteTemplate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TemplateUpdateInput }) =>
      apiV2
        .patch<DataEnvelope<ReceptionTemplate>>(`${VERIFICATIONS_API}/plantillas/${id}`, input, silent)
        .then((r) => r.data),
    onSuccess: write,
  });
}
