import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncedKind } from '#domain/integrations';
import type { SyncLog } from '#domain/integrations-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { integrationsKeys } from './keys.ts';

const API = 'configuracion/integraciones';

/** The newest calls to a CRM or platform; refreshed every 15 s while shown (docs/product.md §9). */
export const syncLogQuery = (kind: SyncedKind) =>
  queryOptions({
    queryKey: integrationsKeys.item('sync-log', { kind }),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<SyncLog>>(`${API}/${kind}/registro`, { signal }).then((r) => r.data),
    refetchInterval: 15_000,
  });

/** POST …/registro/{jobId}/reintentar: the answer is the log again. */
export function useRetrySyncJob(kind: SyncedKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) =>
      apiV2.post<DataEnvelope<SyncLog> & { message: string }>(`${API}/${kind}/registro/${jobId}/reintentar`, {}),
    onSuccess: (answer) => qc.setQueryData(syncLogQuery(kind).queryKey, answer.data),
  });
}
