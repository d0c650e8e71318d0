import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CboxFolderDetail, CboxItem, CboxListing, CboxSummary } from '#domain/cbox-responses';
import type { CboxFolderCreateInput, CboxMoveInput, CboxSelection } from '#domain/schemas/cbox';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { cboxKeys } from './keys.ts';
import {
  CBOX_API,
  cboxFolderKey,
  cboxListingKey,
  cboxSearchKey,
  cboxSummaryKey,
  cboxTrashKey,
} from './explorer-api.ts';

type Answer<T> = DataEnvelope<T>;

export const cboxWriteApi = {
  createFolder: (input: CboxFolderCreateInput) =>
    apiV2.post<Answer<Extract<CboxItem, { kind: 'folder' }>>>(`${CBOX_API}/carpetas`, input),
  rename: ({ kind, id, name }: { kind: CboxItem['kind']; id: number; name: string }) =>
    apiV2.patch<Answer<CboxItem>>(`${CBOX_API}/${kind === 'folder' ? 'carpetas' : 'archivos'}/${id}`, { name }),
  move: (input: CboxMoveInput) => apiV2.post<Answer<{ moved: number }>>(`${CBOX_API}/mover`, input),
  remove: (selection: CboxSelection) => apiV2.post<Answer<{ deleted: number }>>(`${CBOX_API}/eliminar`, selection),
  restore: (selection: CboxSelection) =>
    apiV2.post<Answer<{ restored: number }>>(`${CBOX_API}/papelera/restaurar`, selection),
  purge: (selection: CboxSelection) => apiV2.post<Answer<{ purged: number }>>(`${CBOX_API}/papelera/vaciar`, selection),
  setQuota: (quota_bytes: number | null) => apiV2.put<Answer<CboxSummary>>(`${CBOX_API}/cuota`, { quota_bytes }),
};

const listingOf = (folderId: number | null) => ({
  queryKey: cboxListingKey(null),
  predicate: (q: { queryKey: readonly unknown[] }) =>
    (q.queryKey[3] as { folder_id?: number | null } | undefined)?.folder_id === folderId,
});

/** Listings and searches that hold an item: the same item as the answer now has it. */
function writeItem(queryClient: QueryClient, item: CboxItem) {
  const same = (i: CboxItem) => i.kind === item.kind && i.id === item.id;
  queryClient.setQueriesData<CboxListing>({ queryKey: cboxListingKey(null) }, (page) =>
    page ? { ...page, data: page.data.map((i) => (same(i) ? item : i)) } : page,
  );
  queryClient.setQueriesData<{ data: { item: CboxItem }[] }>({ queryKey: cboxSearchKey }, (page) =>
    page ? { ...page, data: page.data.map((hit) => (same(hit.item) ? { ...hit, item } : hit)) } : page,
  );
  if (item.kind === 'folder')
    queryClient.setQueryData<CboxFolderDetail>(cboxFolderKey(item.id), (detail) =>
      detail ? { ...detail, folder: item } : detail,
    );
}

/** Items that left a listing (deleted): out of every cached page at once, before the refetch fixes the totals. */
function dropItems(queryClient: QueryClient, selection: CboxSelection) {
  const gone = (i: CboxItem) => (i.kind === 'folder' ? selection.folder_ids : selection.file_ids).includes(i.id);
  queryClient.setQueriesData<CboxListing>({ queryKey: cboxListingKey(null) }, (page) =>
    page ? { ...page, data: page.data.filter((i) => !gone(i)) } : page,
  );
}

const invalidateAll = (queryClient: QueryClient, ...keys: (readonly unknown[])[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** A new folder: its parent's listing refetches (its place depends on the sort), and so do searches. */
export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cboxWriteApi.createFolder,
    onSuccess: (answer) =>
      Promise.all([
        queryClient.invalidateQueries(listingOf(answer.data.folder_id)),
        queryClient.invalidateQueries({ queryKey: cboxSearchKey }),
      ]),
  });
}

/**
 * A renamed folder or file is written where it is shown; the details refetch (trails naming a renamed folder, a
 * renamed file's detail in the preview and its dialog).
 */
export function useRenameItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cboxWriteApi.rename,
    onSuccess: (answer) => {
      writeItem(queryClient, answer.data);
      void queryClient.invalidateQueries({ queryKey: cboxKeys.details() });
    },
  });
}

/** Moved items leave one listing and enter another, and every trail below them changes. */
export function useMoveItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cboxWriteApi.move,
    onSuccess: () => invalidateAll(queryClient, cboxListingKey(null), cboxSearchKey, cboxKeys.details()),
  });
}

/** Deleted items go to the trash: out of the listings at once, the trash and the counts refetch. */
export function useDeleteItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cboxWriteApi.remove,
    onSuccess: (_answer, selection) => {
      dropItems(queryClient, selection);
      return invalidateAll(queryClient, cboxListingKey(null), cboxSearchKey, cboxTrashKey());
    },
  });
}

/** Restored items come back where they were (or at the root): the trash and the listings refetch. */
export function useRestoreItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cboxWriteApi.restore,
    onSuccess: () => invalidateAll(queryClient, cboxTrashKey(), cboxListingKey(null), cboxSearchKey, cboxSummaryKey),
  });
}

/** Purged items free their storage: the trash and the quota bar refetch. */
export function usePurgeItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cboxWriteApi.purge,
    onSuccess: () => invalidateAll(queryClient, cboxTrashKey(), cboxSummaryKey),
  });
}

/** The administrators' quota: the answer is the new summary. */
export function useSetQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cboxWriteApi.setQuota,
    onSuccess: (answer) => queryClient.setQueryData(cboxSummaryKey, answer.data),
  });
}
