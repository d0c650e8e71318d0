import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAppRow } from '#domain/api-apps-responses';
import { apiAppQuery, apiAppsApi, apiAppsQuery } from './api-apps-api.ts';

/**
 * Each write answers the app as it now is: it goes into the list and the detail (nothing refetches). The
 * shown-once secret of create and rotate is handed to the caller's onSuccess and never cached.
 */
function useWriteApp() {
  const queryClient = useQueryClient();
  return ({ client_secret: _secret, ...row }: ApiAppRow & { client_secret?: string }) => {
    queryClient.setQueryData<ApiAppRow[]>(apiAppsQuery.queryKey, (list) =>
      list
        ? [row, ...list.filter((a) => a.id !== row.id)].sort((a, b) => b.created_at.localeCompare(a.created_at))
        : list,
    );
    queryClient.setQueryData(apiAppQuery(row.id).queryKey, row);
  };
}

export function useCreateApiApp() {
  const write = useWriteApp();
  return useMutation({ mutationFn: apiAppsApi.create, onSuccess: write });
}

export function useUpdateApiApp() {
  const write = useWriteApp();
  return useMutation({ mutationFn: apiAppsApi.update, onSuccess: write });
}

export function useRotateApiAppSecret() {
  const write = useWriteApp();
  return useMutation({ mutationFn: apiAppsApi.rotate, onSuccess: write });
}

export function useRevokeApiApp() {
  const write = useWriteApp();
  return useMutation({ mutationFn: apiAppsApi.revoke, onSuccess: write });
}
