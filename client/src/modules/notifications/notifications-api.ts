import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NotificationFilter, NotificationItem, NotificationPreference, NotificationPreferenceInput } from '#domain/schemas/notifications';
import { apiV2 } from '../../api/clients.ts';
import type { ListEnvelope } from '../../api/data.ts';
import { createQueryKeys, LIST_QUERY_DEFAULTS } from '../../api/query.ts';
import { invalidate, registerLiveSync } from '../../realtime/live-sync-registry.ts';

export const notificationKeys = createQueryKeys('notifications');

export type NotificationListArgs = { estado: NotificationFilter; page: number; rowsPerPage: number };

/** GET notificaciones: the last 15 days (docs/product.md §9), newest first, texts in the user's language. */
export const notificationListQuery = (args: NotificationListArgs) => queryOptions({
  queryKey: notificationKeys.list('recibidas', args),
  queryFn: ({ signal }) => apiV2.get<ListEnvelope<NotificationItem>>('notificaciones', { query: args, signal }),
  ...LIST_QUERY_DEFAULTS,
  placeholderData: keepPreviousData,
});

/** The bell's count. */
export const unreadQuery = queryOptions({
  queryKey: notificationKeys.item('resumen'),
  queryFn: ({ signal }) => apiV2.get<{ data: { unread: number } }>('notificaciones/resumen', { signal }).then((r) => r.data.unread),
  ...LIST_QUERY_DEFAULTS,
});

export const preferencesQuery = queryOptions({
  queryKey: notificationKeys.item('configuracion'),
  queryFn: ({ signal }) => apiV2.get<{ data: NotificationPreference[] }>('notificaciones/configuracion', { signal }).then((r) => r.data),
  retry: false,
});

export const notificationApi = {
  setRead: (id: number, read: boolean) => apiV2.patch<{ data: NotificationItem }>(`notificaciones/${id}`, { read }),
  readAll: () => apiV2.post<{ data: { updated: number } }>('notificaciones/leer-todas'),
  savePreferences: (preferences: NotificationPreferenceInput[]) =>
    apiV2.put<{ data: NotificationPreference[]; message: string }>('notificaciones/configuracion', { preferences }),
};

// A new notification or a read in another tab: the bell and the lists refetch (docs/product.md#notifications).
registerLiveSync('notification.*', invalidate(notificationKeys.lists(), unreadQuery.queryKey));
