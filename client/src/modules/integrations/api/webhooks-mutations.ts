import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookApplicationRow, WebhookHookRow } from '#domain/webhooks-responses';
import { integrationsKeys } from './keys.ts';
import { webhookSettingsQuery, webhooksApi } from './webhooks-api.ts';

const applicationLists = integrationsKeys.list('webhook-applications');
const logLists = integrationsKeys.list('webhook-logs');
const byName = (a: WebhookApplicationRow, b: WebhookApplicationRow) =>
  a.name.localeCompare(b.name, 'es', { sensitivity: 'base' });

// The answers carry the application or event as it now is: written into every applications list (company-wide and
// per API app) that holds it; a new application goes into the lists it belongs to.
function useWriteApplication() {
  const queryClient = useQueryClient();
  return (row: WebhookApplicationRow) => {
    for (const [key] of queryClient.getQueriesData<WebhookApplicationRow[]>({
      queryKey: applicationLists.slice(0, 3),
    })) {
      const apiAppId = (key[3] as { apiAppId?: number } | undefined)?.apiAppId;
      if (apiAppId !== undefined && apiAppId !== row.api_app_id) continue;
      queryClient.setQueryData<WebhookApplicationRow[]>(key, (list = []) =>
        [...list.filter((a) => a.id !== row.id), row].sort(byName),
      );
    }
  };
}

function useWriteHook() {
  const queryClient = useQueryClient();
  return (hook: WebhookHookRow) =>
    queryClient.setQueriesData<WebhookApplicationRow[]>({ queryKey: applicationLists.slice(0, 3) }, (list) =>
      list?.map((a) => ({ ...a, hooks: a.hooks.map((h) => (h.id === hook.id ? hook : h)) })),
    );
}

export function useSetWebhooksEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: webhooksApi.setEnabled,
    onSuccess: (row) => queryClient.setQueryData(webhookSettingsQuery.queryKey, row),
  });
}

export function useCreateWebhookApplication() {
  const write = useWriteApplication();
  return useMutation({ mutationFn: webhooksApi.create, onSuccess: (answer) => write(answer.data) });
}

export function useUpdateWebhookApplication() {
  const write = useWriteApplication();
  return useMutation({ mutationFn: webhooksApi.update, onSuccess: write });
}

export function useRenewWebhookSecret() {
  const write = useWriteApplication();
  return useMutation({ mutationFn: webhooksApi.renewSecret, onSuccess: (answer) => write(answer.data) });
}

export function useDeleteWebhookApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: webhooksApi.remove,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<WebhookApplicationRow[]>({ queryKey: applicationLists.slice(0, 3) }, (list) =>
        list?.filter((a) => a.id !== id),
      );
      // Its history went with it.
      void queryClient.invalidateQueries({ queryKey: logLists.slice(0, 3) });
    },
  });
}

export function useWebhookHookCommand() {
  const write = useWriteHook();
  return useMutation({ mutationFn: webhooksApi.hookCommand, onSuccess: write });
}

export function useSendWebhookTest() {
  return useMutation({ mutationFn: webhooksApi.test });
}

/** Replays change what the history shows once the sender has tried again: it is read again. */
function useReplay<I>(fn: (input: I) => Promise<{ queued: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logLists.slice(0, 3) }),
  });
}
export const useReplayWebhookDelivery = () => useReplay(webhooksApi.replay);
export const useReplayFailedWebhooks = () => useReplay(webhooksApi.replayFailed);
