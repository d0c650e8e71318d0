import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationKind } from '#domain/integrations';
import type { ConnectionView } from '#domain/integrations-responses';
import type { HubspotSettingsInput } from '#domain/schemas/hubspot';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { integrationsKeys } from './keys.ts';

const API = 'configuracion/integraciones';
type Answer<T> = DataEnvelope<T> & { message?: string };

/** One integration of the company, its state and settings (secrets only as set/last four). */
export const connectionQuery = (kind: IntegrationKind) =>
  queryOptions({
    queryKey: integrationsKeys.item('connection', { kind }),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<ConnectionView>>(`${API}/${kind}`, { signal }).then((r) => r.data),
  });

/** PUT …/hubspot: the answer is the connection as now stored. */
export function useSaveHubspot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: HubspotSettingsInput) => apiV2.put<Answer<ConnectionView>>(`${API}/hubspot`, input),
    onSuccess: (answer) => qc.setQueryData(connectionQuery('hubspot').queryKey, answer.data),
  });
}

/** POST …/hubspot/probar: whether the stored token reaches the pipeline, in words. */
export function useProbeHubspot() {
  return useMutation({
    mutationFn: () =>
      apiV2.post<DataEnvelope<{ ok: boolean; message: string }>>(`${API}/hubspot/probar`, {}).then((r) => r.data),
  });
}

/** POST …/{kind}/activar|desactivar (the integration machine's verbs). */
export function useIntegrationCommand(kind: IntegrationKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (verb: 'activar' | 'desactivar') => apiV2.post<Answer<unknown>>(`${API}/${kind}/${verb}`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: connectionQuery(kind).queryKey }),
  });
}
