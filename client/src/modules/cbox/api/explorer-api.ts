import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CboxTypeFilter, CboxSort } from '#domain/cbox';
import type { ModuleStatus } from '#domain/integrations';
import type { CboxFolderDetail, CboxListing, CboxSearchHit, CboxSummary, CboxTrashItem } from '#domain/cbox-responses';
import type { CboxSelection } from '#domain/schemas/cbox';
import { apiV2, v2Url } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { LIST_QUERY_DEFAULTS } from '../../../api/query.ts';
import { cboxKeys } from './keys.ts';

/** The library's routes (docs/api.md, Cbox), mounted at api/biblioteca. */
export const CBOX_API = 'biblioteca';

/** What the explorer asks a listing or a search for (domain/schemas/cbox.ts cboxListQuerySchema). */
export type CboxListParams = {
  sort: CboxSort;
  order: 'asc' | 'desc';
  type?: CboxTypeFilter;
  from?: string;
  to?: string;
  page: number;
  rowsPerPage: number;
};

/** GET configuracion/estatus/{modulo}: whether the company has the module on (server/src/modules/config/service.ts). */
export type ModuleStatusView = { modulo: string; status: ModuleStatus; label: string; is_active: boolean };

export const cboxListingKey = (folderId: number | null, params?: CboxListParams) =>
  params ? cboxKeys.list('contenido', { folder_id: folderId, ...params }) : cboxKeys.list('contenido');
export const cboxFolderKey = (folderId: number) => cboxKeys.detail('carpeta', folderId);
export const cboxSummaryKey = cboxKeys.item('resumen');
export const cboxTrashKey = (page?: number) =>
  page === undefined ? cboxKeys.list('papelera') : cboxKeys.list('papelera', { page });
export const cboxSearchKey = cboxKeys.list('buscar');

export const cboxApi = {
  listing: (folderId: number | null, params: CboxListParams, signal?: AbortSignal) =>
    apiV2.get<CboxListing>(`${CBOX_API}/contenido`, { query: { folder_id: folderId ?? undefined, ...params }, signal }),
  search: (q: string, params: CboxListParams, signal?: AbortSignal) =>
    apiV2.get<ListEnvelope<CboxSearchHit>>(`${CBOX_API}/buscar`, { query: { q, ...params }, signal }),
  folder: (id: number, signal?: AbortSignal) =>
    apiV2.get<DataEnvelope<CboxFolderDetail>>(`${CBOX_API}/carpetas/${id}`, { signal }).then((r) => r.data),
  summary: (signal?: AbortSignal) =>
    apiV2.get<DataEnvelope<CboxSummary>>(`${CBOX_API}/resumen`, { signal }).then((r) => r.data),
  trash: (page: number, signal?: AbortSignal) =>
    apiV2.get<ListEnvelope<CboxTrashItem>>(`${CBOX_API}/papelera`, { query: { page }, signal }),
  moduleStatus: (signal?: AbortSignal) =>
    apiV2
      .get<DataEnvelope<ModuleStatusView>>('configuracion/estatus/cbox', { signal, silent: true })
      .then((r) => r.data),
};

/** One page of a folder's children (null: the root), folders first. The previous page stays while the next loads. */
export const cboxListingQuery = (folderId: number | null, params: CboxListParams) =>
  queryOptions({
    queryKey: cboxListingKey(folderId, params),
    queryFn: ({ signal }) => cboxApi.listing(folderId, params, signal),
    placeholderData: keepPreviousData,
    ...LIST_QUERY_DEFAULTS,
  });

/** The open folder with its trail and the caller's levels on it. */
export const cboxFolderQuery = (folderId: number) =>
  queryOptions({
    queryKey: cboxFolderKey(folderId),
    queryFn: ({ signal }) => cboxApi.folder(folderId, signal),
    ...LIST_QUERY_DEFAULTS,
  });

/** Every item the caller sees whose name holds `q`, each with where it is. */
export const cboxSearchQuery = (q: string, params: CboxListParams) =>
  queryOptions({
    queryKey: [...cboxSearchKey, { q, ...params }],
    queryFn: ({ signal }) => cboxApi.search(q, params, signal),
    placeholderData: keepPreviousData,
    ...LIST_QUERY_DEFAULTS,
  });

/** Storage used against the quota, and whether the caller administers the library. */
export const cboxSummaryQuery = queryOptions({
  queryKey: cboxSummaryKey,
  queryFn: ({ signal }) => cboxApi.summary(signal),
  ...LIST_QUERY_DEFAULTS,
});

/** The trash's roots the caller may restore (their own deletions; administrators: all). */
export const cboxTrashQuery = (page: number) =>
  queryOptions({
    queryKey: cboxTrashKey(page),
    queryFn: ({ signal }) => cboxApi.trash(page, signal),
    placeholderData: keepPreviousData,
    ...LIST_QUERY_DEFAULTS,
  });

/** Whether the company has the library on (the activation page's wording). */
export const cboxModuleStatusQuery = queryOptions({
  queryKey: cboxKeys.item('estatus'),
  queryFn: ({ signal }) => cboxApi.moduleStatus(signal),
});

/** Where a file's bytes are downloaded (the server logs it). */

/** A selection as one zip, streamed by the server. */
export const cboxZipUrl = (selection: CboxSelection) =>
  v2Url(`${CBOX_API}/zip`, { folder_ids: selection.folder_ids, file_ids: selection.file_ids });
