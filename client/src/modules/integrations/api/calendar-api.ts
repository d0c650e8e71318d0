import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedRow, CalendarFeedView, ConnectionView } from '#domain/integrations-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { integrationsKeys } from './keys.ts';

/** The scheduling tool's calls (server/src/modules/integrations/calendar, docs/api.md "Calendar feeds"). */
const API = 'configuracion/integraciones/calendario';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

export const myFeedQuery = queryOptions({
  queryKey: integrationsKeys.item('calendar-my-feed'),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<CalendarFeedView>>(`${API}/mi-feed`, { signal })),
});

export const calendarFeedsQuery = queryOptions({
  queryKey: integrationsKeys.list('calendar-feeds'),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<CalendarFeedRow[]>>(`${API}/feeds`, { signal })),
});

export const calendarConnectionQuery = queryOptions({
  queryKey: integrationsKeys.detail('connection', 'calendario'),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<ConnectionView>>(API, { signal })),
});

/** A new secret URL: the answer is the caller's feed as it now is. */
export function useRotateMyFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(apiV2.post<DataEnvelope<CalendarFeedView>>(`${API}/mi-feed/rotar`, {})),
    onSuccess: (feed) => {
      queryClient.setQueryData(myFeedQuery.queryKey, feed);
      void queryClient.invalidateQueries({ queryKey: calendarFeedsQuery.queryKey });
    },
  });
}

/** An administrator revokes one person's feed: the row leaves the list (and one's own feed is made anew). */
export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiV2.delete(`${API}/feeds/${userId}`),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<CalendarFeedRow[]>(calendarFeedsQuery.queryKey, (rows = []) =>
        rows.filter((r) => r.user.id !== userId),
      );
      void queryClient.invalidateQueries({ queryKey: myFeedQuery.queryKey });
    },
  });
}

/** Activates or deactivates the company's scheduling tool; the personal feed's "running" follows. */
export function useToggleCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verb: 'activar' | 'desactivar') =>
      data(apiV2.post<DataEnvelope<ConnectionView>>(`${API}/${verb}`, {})),
    onSuccess: (connection) => {
      queryClient.setQueryData(calendarConnectionQuery.queryKey, connection);
      void queryClient.invalidateQueries({ queryKey: myFeedQuery.queryKey });
    },
  });
}
