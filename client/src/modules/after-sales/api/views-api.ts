import { queryOptions } from '@tanstack/react-query';
import type { SavedViewCreateInput, SavedViewList, SavedViewUpdateInput } from '#domain/saved-views';
import type { SavedView } from '#domain/saved-views-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { afterSalesKeys } from './keys.ts';
import { API } from './tickets-api.ts';

export type { SavedView };

/** GET postventa/vistas: the caller's views of a list, then the ones shared in the company. */
export const savedViewsQuery = (list: SavedViewList) =>
  queryOptions({
    queryKey: afterSalesKeys.views(list),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<SavedView[]>>(`${API}/vistas`, { signal, query: { list } }).then((r) => r.data),
    staleTime: 60_000,
  });

export const viewsApi = {
  create: (input: SavedViewCreateInput) =>
    apiV2.post<DataEnvelope<SavedView>>(`${API}/vistas`, input).then((r) => r.data),
  update: (id: number, input: SavedViewUpdateInput) =>
    apiV2.patch<DataEnvelope<SavedView>>(`${API}/vistas/${id}`, input).then((r) => r.data),
  remove: (id: number) => apiV2.delete(`${API}/vistas/${id}`),
};
