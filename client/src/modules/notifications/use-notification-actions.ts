import { useNavigate } from 'react-router';
import type { NotificationItem } from '#domain/schemas/notifications';
import { useReadAll, useSetRead } from './notifications-api.ts';

/** Read, unread, read all and open, for the bell and the page (one pair of mutations for the whole list). */
export function useNotificationActions() {
  const navigate = useNavigate();
  const setRead = useSetRead();
  const readAll = useReadAll();
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
