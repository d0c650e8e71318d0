import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '#domain/schemas/notifications';
import { notificationApi, notificationKeys } from './notifications-api.ts';

/**
 * Read, unread, read all and open. The server also tells the user's other tabs (notification.read
 * on their topic), so every open bell shows the same count.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const setRead = useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => notificationApi.setRead(id, read),
    onSettled: refresh,
  });
  const readAll = useMutation({ mutationFn: () => notificationApi.readAll(), onSettled: refresh });
  return {
    setRead,
    readAll,
    toggleRead: (item: NotificationItem) => setRead.mutate({ id: item.id, read: !item.read }),
    /** Marks it read and follows its link (a path of this app). */
    open(item: NotificationItem) {
      if (!item.read) setRead.mutate({ id: item.id, read: true });
      if (item.link?.startsWith('/')) navigate(item.link);
    },
  };
}
