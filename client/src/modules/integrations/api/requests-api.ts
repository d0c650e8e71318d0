import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationKind } from '#domain/integrations';
import type { ActivationRequestView, ConnectionView, ModuleRequestView } from '#domain/integrations-responses';
import type { ActivationRequestInput } from '#domain/schemas/integrations';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { invalidate, registerLiveSync } from '../../../realtime/live-sync-registry.ts';
import { integrationsKeys } from './keys.ts';

const API = 'configuracion/integraciones';

/** The index's reads and writes: the integrations, the requestable modules, requests and the on/off verbs. */
export const requestsApi = {
  connections: (signal?: AbortSignal) => apiV2.get<DataEnvelope<ConnectionView[]>>(API, { signal }).then((r) => r.data),
  modules: (signal?: AbortSignal) =>
    apiV2.get<DataEnvelope<ModuleRequestView[]>>(`${API}/modulos`, { signal }).then((r) => r.data),
  request: (input: ActivationRequestInput) =>
    apiV2.post<DataEnvelope<ActivationRequestView>>(`${API}/solicitudes`, input),
  switchConnection: ({ kind, on }: { kind: IntegrationKind; on: boolean }) =>
    apiV2.post<DataEnvelope<ConnectionView>>(`${API}/${kind}/${on ? 'activar' : 'desactivar'}`, {}),
};

export const connectionsQuery = queryOptions({
  queryKey: integrationsKeys.list('connections'),
  queryFn: ({ signal }) => requestsApi.connections(signal),
});

export const moduleRequestsQuery = queryOptions({
  queryKey: integrationsKeys.list('modules'),
  queryFn: ({ signal }) => requestsApi.modules(signal),
});

// A request sent from another tab, or moved on by the provider: the index refetches (docs/product.md §4).
registerLiveSync('integration.requested', invalidate(integrationsKeys.lists()));
registerLiveSync('integration.state_changed', invalidate(integrationsKeys.lists()));

/** Every write answers with the server's message (the toast); the index's lists refetch. */
function useIndexWrite<I, R>(mutationFn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.lists() }),
  });
}

export const useRequestActivation = () => useIndexWrite(requestsApi.request);
export const useSwitchConnection = () => useIndexWrite(requestsApi.switchConnection);
