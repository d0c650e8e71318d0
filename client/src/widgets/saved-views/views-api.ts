import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { SavedViewCreateInput, SavedViewList, SavedViewUpdateInput } from '#domain/saved-views';
import type { SavedView } from '#domain/saved-views-responses';
import { apiV2 } from '../../api/clients.ts';
import type { DataEnvelope } from '../../api/data.ts';

export type { SavedView };

/**
 * Where a list's saved views live: the module's views endpoint (docs/api.md: `postventa/vistas`,
 * `cmanagement/vistas`, the same shapes), the list's name there, and the module's query key for them.
 */
export type SavedViewsSource = {
  /** The endpoint's path under the v2 API, e.g. `postventa/vistas`. */
  path: string;
  list: SavedViewList;
  queryKey: QueryKey;
};

/** GET <path>?list=: the caller's views of a list, then the ones shared in the company. */
export const savedViewsQuery = ({ path, list, queryKey }: SavedViewsSource) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<SavedView[]>>(path, { signal, query: { list } }).then((r) => r.data),
    staleTime: 60_000,
  });

/** The server's order: the caller's own first, then the shared ones, each by name. */
function sorted(views: SavedView[]) {
  return [...views].sort(
    (a, b) => Number(b.is_mine) - Number(a.is_mine) || a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }),
  );
}

/**
 * The saved-view writes: each answer is written into the list's query, so the menu changes without asking the
 * server again (the views are the caller's configuration; no other cache holds them).
 */
export function useSavedViewMutations({ path, list, queryKey }: SavedViewsSource) {
  const queryClient = useQueryClient();
  const put = (view: SavedView) =>
    queryClient.setQueryData<SavedView[]>(queryKey, (old) =>
      sorted([...(old ?? []).filter((v) => v.id !== view.id), view]),
    );
  return {
    create: useMutation({
      mutationFn: (input: Omit<SavedViewCreateInput, 'list'>) =>
        apiV2.post<DataEnvelope<SavedView>>(path, { ...input, list }).then((r) => r.data),
      onSuccess: put,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: SavedViewUpdateInput & { id: number }) =>
        apiV2.patch<DataEnvelope<SavedView>>(`${path}/${id}`, input).then((r) => r.data),
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiV2.delete(`${path}/${id}`),
      onSuccess: (_answer, id) =>
        queryClient.setQueryData<SavedView[]>(queryKey, (old) => old?.filter((v) => v.id !== id)),
    }),
  };
}
