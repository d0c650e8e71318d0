import { queryOptions } from '@tanstack/react-query';
import type {
  WebhookApplicationRow,
  WebhookApplicationWithSecret,
  WebhookHookRow,
  WebhookLogRow,
  WebhookSettingsRow,
  WebhookTestResult,
} from '#domain/webhooks-responses';
import type {
  WebhookApplicationCreateInput,
  WebhookApplicationUpdateInput,
  WebhookLogQuery,
  WebhookReplayFailedInput,
  WebhookTestEventInput,
} from '#domain/schemas/webhooks';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { integrationsKeys } from './keys.ts';

const API = 'configuracion/integraciones/webhooks';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

/** The calls of config/integraciones/webhooks (docs/api.md "Webhooks"). */
export const webhooksApi = {
  settings: (signal?: AbortSignal) => data(apiV2.get<DataEnvelope<WebhookSettingsRow>>(`${API}/ajustes`, { signal })),
  setEnabled: (enabled: boolean) => data(apiV2.put<DataEnvelope<WebhookSettingsRow>>(`${API}/ajustes`, { enabled })),
  applications: (apiAppId: number | undefined, signal?: AbortSignal) =>
    data(
      apiV2.get<DataEnvelope<WebhookApplicationRow[]>>(`${API}/aplicaciones`, {
        signal,
        query: apiAppId === undefined ? {} : { api_app_id: apiAppId },
      }),
    ),
  create: (input: WebhookApplicationCreateInput) =>
    apiV2.post<WebhookApplicationWithSecret>(`${API}/aplicaciones`, input),
  update: ({ id, ...input }: WebhookApplicationUpdateInput & { id: number }) =>
    data(apiV2.patch<DataEnvelope<WebhookApplicationRow>>(`${API}/aplicaciones/${id}`, input)),
  remove: (id: number) => apiV2.delete(`${API}/aplicaciones/${id}`),
  renewSecret: (id: number) => apiV2.post<WebhookApplicationWithSecret>(`${API}/aplicaciones/${id}/renovar-secreto`),
  test: ({ id, ...input }: WebhookTestEventInput & { id: number }) =>
    data(apiV2.post<DataEnvelope<WebhookTestResult>>(`${API}/aplicaciones/${id}/probar`, input)),
  hookCommand: ({ hookId, verb }: { hookId: number; verb: string }) =>
    data(apiV2.post<DataEnvelope<WebhookHookRow>>(`${API}/eventos/${hookId}/${verb}`)),
  logs: (filters: WebhookLogQuery, signal?: AbortSignal) =>
    data(apiV2.get<DataEnvelope<WebhookLogRow[]>>(`${API}/historial`, { signal, query: filters })),
  replay: (deliveryId: number) =>
    data(apiV2.post<DataEnvelope<{ queued: number }>>(`${API}/historial/${deliveryId}/reenviar`)),
  replayFailed: (input: WebhookReplayFailedInput) =>
    data(apiV2.post<DataEnvelope<{ queued: number }>>(`${API}/historial/reenviar-fallidos`, input)),
};

export const webhookSettingsQuery = queryOptions({
  queryKey: integrationsKeys.item('webhook-settings'),
  queryFn: ({ signal }) => webhooksApi.settings(signal),
});

/** The applications of the company, or of one API app (its "hooks" page). */
export const webhookApplicationsQuery = (apiAppId?: number) =>
  queryOptions({
    queryKey: integrationsKeys.list('webhook-applications', { apiAppId }),
    queryFn: ({ signal }) => webhooksApi.applications(apiAppId, signal),
  });

export const webhookLogsQuery = (filters: WebhookLogQuery) =>
  queryOptions({
    queryKey: integrationsKeys.list('webhook-logs', filters),
    queryFn: ({ signal }) => webhooksApi.logs(filters, signal),
  });
