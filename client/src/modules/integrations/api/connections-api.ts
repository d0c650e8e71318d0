import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationKind } from '#domain/integrations';
import type { ConnectionView } from '#domain/integrations-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { integrationsKeys } from './keys.ts';

export const INTEGRATIONS_API = 'configuracion/integraciones';

/** One integration: its state, whether it is configured, its settings and which secrets are set. */
export const connectionQuery = (kind: IntegrationKind) =>
  queryOptions({
    queryKey: integrationsKeys.item('connection', { kind }),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<ConnectionView>>(`${INTEGRATIONS_API}/${kind}`, { signal }).then((r) => r.data),
  });

/** POST …/{kind}/activar | desactivar: the answer is the integration as it now is. */
export function useConnectionCommand(kind: IntegrationKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (verb: 'activar' | 'desactivar') =>
      apiV2.post<DataEnvelope<ConnectionView> & { message: string }>(`${INTEGRATIONS_API}/${kind}/${verb}`, {}),
    onSuccess: (answer) => qc.setQueryData(connectionQuery(kind).queryKey, answer.data),
  });
}
