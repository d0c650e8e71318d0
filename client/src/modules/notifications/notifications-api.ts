import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  NotificationFilter,
  NotificationItem,
  NotificationPreference,
  NotificationPreferenceInput,
} from '#domain/schemas/notifications';
import { apiV2 } from '../../api/clients.ts';
import type { ListEnvelope } from '../../api/data.ts';
import { createQueryKeys, LIST_QUERY_DEFAULTS } from '../../api/query.ts';
import { invalidate, registerLiveSync } from '../../realtime/live-sync-registry.ts';

export const notificationKeys = createQueryKeys('notifications');

export type NotificationListArgs = { estado: NotificationFilter; page: number; rowsPerPage: number };

/** GET notificaciones: the last 15 days (docs/product.md §9), newest first, texts in the user's language. */
export const notificationListQuery = (args: NotificationListArgs) =>
  queryOptions({
    queryKey: notificationKeys.list('recibidas', args),
    queryFn: ({ signal }) => apiV2.get<ListEnvelope<NotificationItem>>('notificaciones', { query: args, signal }),
    ...LIST_QUERY_DEFAULTS,
    placeholderData: keepPreviousData,
  });

/** The bell's count. */
export const unreadQuery = queryOptions({
  queryKey: notificationKeys.item('resumen'),
  queryFn: ({ signal }) =>
    apiV2.get<{ data: { unread: number } }>('notificaciones/resumen', { signal }).then((r) => r.data.unread),
  ...LIST_QUERY_DEFAULTS,
});

export const preferencesQuery = queryOptions({
  queryKey: notificationKeys.item('configuracion'),
  queryFn: ({ signal }) =>
    apiV2.get<{ data: NotificationPreference[] }>('notificaciones/configuracion', { signal }).then((r) => r.data),
  retry: false,
});

export const notificationApi = {
  setRead: (id: number, read: boolean) =>
    apiV2.patch<{ data: NotificationItem }>(`notificaciones/${id}`, { read }).then((r) => r.data),
  readAll: () => apiV2.post<{ data: { updated: number } }>('notificaciones/leer-todas'),
  savePreferences: (preferences: NotificationPreferenceInput[]) =>
    apiV2.put<{ data: NotificationPreference[]; message: string }>('notificaciones/configuracion', { preferences }),
};

// A new notification or a read in another tab: the bell and the lists refetch (docs/product.md#notifications).
registerLiveSync('notification.*', invalidate(notificationKeys.lists(), unreadQuery.queryKey));

// The hooks. A read or unread answers the notification as it now is: it is written into every list that
// shows it, and what it moves (the unread count, the lists filtered by read state) refetches. The server
// also tells the user's other tabs (notification.read), whose live sync refetches the same.

/** The lists filtered by read state, which the notification may join or leave. */
const filteredLists = (q: Query) => (q.queryKey[3] as Partial<NotificationListArgs> | undefined)?.estado !== 'todas';
/** The count and every list: after read all, or a refused read (a notification gone after 15 days, docs/product.md §9). */
const refetchShown = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
};

export function useSetRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => notificationApi.setRead(id, read),
    onSuccess: (item) => {
      queryClient.setQueriesData<ListEnvelope<NotificationItem>>({ queryKey: notificationKeys.lists() }, (list) =>
        list ? { ...list, data: list.data.map((i) => (i.id === item.id ? item : i)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(), predicate: filteredLists });
    },
    onError: () => refetchShown(queryClient),
  });
}

/** Read all answers a count only: the count and the lists refetch. */
export function useReadAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notificationApi.readAll,
    onSettled: () => refetchShown(queryClient),
  });
}

/** The preferences answer the whole table as saved. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notificationApi.savePreferences,
    onSuccess: (answer) => queryClient.setQueryData(preferencesQuery.queryKey, answer.data),
  });
}
