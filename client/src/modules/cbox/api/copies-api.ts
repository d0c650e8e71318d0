import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CboxFileItem, CboxListing, CboxSummary, cboxSearchSchema } from '#domain/cbox-responses';
import type { CboxTypeFilter } from '#domain/cbox';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { LIST_QUERY_DEFAULTS } from '../../../api/query.ts';
import type { StoredFile } from '../../../widgets/upload/upload-api.ts';
import { cboxKeys } from './keys.ts';

/**
 * Cbox and the rest of the app (docs/api.md, Cbox; docs/product.md §1): what the library picker and the "save to
 * Cbox" dialog ask. Browsing reads the explorer's own endpoints (contenido, buscar, resumen).
 */
const API = 'biblioteca';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);
/** The picker and the save dialog show one folder at a time; a folder rarely holds more. */
const PAGE = 200;

type CboxSearchPage = z.infer<typeof cboxSearchSchema>;

export type BrowseArgs = { folderId: number | null; type?: CboxTypeFilter };

export const copiesApi = {
  contents: ({ folderId, type }: BrowseArgs, signal?: AbortSignal) =>
    apiV2.get<CboxListing>(`${API}/contenido`, {
      query: { ...(folderId ? { folder_id: folderId } : {}), ...(type ? { type } : {}), rowsPerPage: PAGE },
      signal,
    }),
  search: (q: string, signal?: AbortSignal) =>
    apiV2.get<CboxSearchPage>(`${API}/buscar`, {
      query: { q, rowsPerPage: PAGE },
      signal,
    }),
  summary: (signal?: AbortSignal) => data(apiV2.get<DataEnvelope<CboxSummary>>(`${API}/resumen`, { signal })),
  /** A fresh upload of the library file, in the uploader's batch (POST archivos/{id}/copia). */
  copy: ({ id, batch }: { id: number; batch?: string }) =>
    data(apiV2.post<DataEnvelope<StoredFile>>(`${API}/archivos/${id}/copia`, batch ? { batch } : {})),
  /** A file the user can read kept in a folder (POST guardar). */
  save: (input: { path: string; folder_id: number | null }) =>
    data(apiV2.post<DataEnvelope<CboxFileItem>>(`${API}/guardar`, input)),
};

export const cboxContentsQuery = (args: BrowseArgs) =>
  queryOptions({
    queryKey: cboxKeys.list('contents', { folderId: args.folderId, type: args.type ?? null }),
    queryFn: ({ signal }) => copiesApi.contents(args, signal),
    placeholderData: keepPreviousData,
    ...LIST_QUERY_DEFAULTS,
  });

export const cboxSearchQuery = (q: string) =>
  queryOptions({
    queryKey: cboxKeys.list('search', { q }),
    queryFn: ({ signal }) => copiesApi.search(q, signal),
    enabled: q.length > 0,
    ...LIST_QUERY_DEFAULTS,
  });

export const cboxSummaryQuery = queryOptions({
  queryKey: cboxKeys.item('summary'),
  queryFn: ({ signal }) => copiesApi.summary(signal),
});

/** Copies the picked library files one by one, in order; the copies are the uploader's, nothing cached changes. */
export function useCopyForAttachment() {
  return useMutation({
    mutationFn: async ({ ids, batch }: { ids: readonly number[]; batch?: string }) => {
      const out: StoredFile[] = [];
      for (const id of ids) out.push(await copiesApi.copy({ id, batch }));
      return out;
    },
  });
}

/** Saves a copy into a folder: that folder's listing (and the library's usage) changed. */
export function useSaveToCbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copiesApi.save,
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: cboxKeys.list('contents', { folderId: item.folder_id }) });
      void queryClient.invalidateQueries({ queryKey: cboxKeys.item('summary') });
    },
  });
}
