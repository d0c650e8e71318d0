import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionView } from '#domain/integrations-responses';
import type { ProcoreObservationLink, ProcoreProbe, ProcoreProjectLink } from '#domain/procore-responses';
import type { ProcoreProjectLinksInput, ProcoreSettingsInput } from '#domain/schemas/procore';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { connectionQuery, INTEGRATIONS_API } from './connections-api.ts';
import { integrationsKeys } from './keys.ts';

const API = `${INTEGRATIONS_API}/procore`;
type Answer<T> = DataEnvelope<T> & { message: string };

/** The company's visible projects and the Procore project each sends its failures to. */
export const procoreProjectLinksQuery = queryOptions({
  queryKey: integrationsKeys.list('procore-projects'),
  queryFn: ({ signal }) =>
    apiV2.get<DataEnvelope<ProcoreProjectLink[]>>(`${API}/proyectos`, { signal }).then((r) => r.data),
});

/** Failures sent as observations, with Procore's last status; refreshed while shown (the poll runs in minutes). */
export const procoreObservationLinksQuery = queryOptions({
  queryKey: integrationsKeys.list('procore-observations'),
  queryFn: ({ signal }) =>
    apiV2.get<DataEnvelope<ProcoreObservationLink[]>>(`${API}/observaciones`, { signal }).then((r) => r.data),
  refetchInterval: 60_000,
});

/** PUT …/procore: the answer is the integration as it now is. */
export function useSaveProcoreSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProcoreSettingsInput) => apiV2.put<Answer<ConnectionView>>(API, input),
    onSuccess: (answer) => qc.setQueryData(connectionQuery('procore').queryKey, answer.data),
  });
}

/** POST …/procore/probar: the credentials work, and Procore's projects to map to. */
export function useProbeProcore() {
  return useMutation({ mutationFn: () => apiV2.post<Answer<ProcoreProbe>>(`${API}/probar`, {}) });
}

export function useSaveProcoreProjectLinks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProcoreProjectLinksInput) => apiV2.put<Answer<ProcoreProjectLink[]>>(`${API}/proyectos`, input),
    onSuccess: (answer) => qc.setQueryData(procoreProjectLinksQuery.queryKey, answer.data),
  });
}
