import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import type { NotificationItem } from '#domain/schemas/notifications';
import type { ListEnvelope } from '../../api/data.ts';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderQueryHook } from '../../test/query-hooks.tsx';
import { notificationListQuery, unreadQuery, useSetRead } from './notifications-api.ts';

const item = (id: number, read: boolean): NotificationItem => ({
  id,
  type: 'ticket.assigned',
  title: `Solicitud ${id}`,
  body: '',
  link: null,
  read,
  read_at: read ? '2026-03-10T12:00:00Z' : null,
  created_at: '2026-03-10T11:00:00Z',
});
const page = (data: NotificationItem[]): ListEnvelope<NotificationItem> => ({
  data,
  current_page: 1,
  total: data.length,
  has_more: false,
  rowsPerPage: 50,
});
const all = notificationListQuery({ estado: 'todas', page: 1, rowsPerPage: 8 }).queryKey;
const unread = notificationListQuery({ estado: 'no_leidas', page: 1, rowsPerPage: 50 }).queryKey;

afterEach(() => vi.unstubAllGlobals());

describe('useSetRead: the answered notification is written where it is shown', () => {
  it('replaces it in every cached list; the count and the lists filtered by read state refetch, the full list does not', async () => {
    mockFetch(() => ({ body: { data: item(1, true) } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useSetRead());
    queryClient.setQueryData(all, page([item(1, false), item(2, true)]));
    queryClient.setQueryData(unread, page([item(1, false)]));
    queryClient.setQueryData(unreadQuery.queryKey, 1);
    await act(() => result.current.mutateAsync({ id: 1, read: true }));
    expect(queryClient.getQueryData(all)?.data).toEqual([item(1, true), item(2, true)]);
    expect(invalidated.map((i) => i.queryKey)).toContainEqual(unreadQuery.queryKey);
    expect(queryClient.getQueryState(unreadQuery.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(unread)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(all)?.isInvalidated).toBe(false);
  });
});
