import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedViewCreateInput, SavedViewList, SavedViewUpdateInput } from '#domain/saved-views';
import { afterSalesKeys } from './keys.ts';
import { viewsApi, type SavedView } from './views-api.ts';

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
export function useSavedViewMutations(list: SavedViewList) {
  const queryClient = useQueryClient();
  const key = afterSalesKeys.views(list);
  const put = (view: SavedView) =>
    queryClient.setQueryData<SavedView[]>(key, (old) => sorted([...(old ?? []).filter((v) => v.id !== view.id), view]));
  return {
    create: useMutation({
      mutationFn: (input: Omit<SavedViewCreateInput, 'list'>) => viewsApi.create({ ...input, list }),
      onSuccess: put,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: SavedViewUpdateInput & { id: number }) => viewsApi.update(id, input),
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: (id: number) => viewsApi.remove(id),
      onSuccess: (_answer, id) => queryClient.setQueryData<SavedView[]>(key, (old) => old?.filter((v) => v.id !== id)),
    }),
  };
}
