import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CboxFileItem, CboxFolderItem, CboxListing, CboxPartUrl, CboxUpload } from '#domain/cbox-responses';
import type { CboxFolderCreateInput, CboxUploadCreateInput } from '#domain/schemas/cbox';
import { CBOX_LIMITS, sameName } from '#domain/cbox';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { isApiError } from '../../../api/errors.ts';
import { cboxKeys } from './keys.ts';

/**
 * The library's upload calls (docs/api.md, Cbox: subidas), silent: the upload panel shows each failure on its file
 * (a 409 `exists` opens the conflict dialog) instead of a toast per part.
 */
const API = 'biblioteca';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);
const silent = { silent: true } as const;

export const uploadsApi = {
  start: (input: CboxUploadCreateInput) => data(apiV2.post<DataEnvelope<CboxUpload>>(`${API}/subidas`, input, silent)),
  get: (id: string) => data(apiV2.get<DataEnvelope<CboxUpload>>(`${API}/subidas/${id}`, silent)),
  partUrls: (id: string, parts: number[]) =>
    data(apiV2.post<DataEnvelope<CboxPartUrl[]>>(`${API}/subidas/${id}/partes`, { parts }, silent)),
  complete: (id: string, parts: { number: number; etag: string }[]) =>
    data(apiV2.post<DataEnvelope<CboxFileItem>>(`${API}/subidas/${id}/completar`, { parts }, silent)),
  abort: (id: string) => apiV2.delete(`${API}/subidas/${id}`, undefined, silent),
  createFolder: (input: CboxFolderCreateInput) =>
    data(apiV2.post<DataEnvelope<CboxFolderItem>>(`${API}/carpetas`, input, silent)),
  folders: (parentId: number | null) =>
    apiV2.get<CboxListing>(`${API}/contenido`, {
      query: { folder_id: parentId ?? undefined, type: 'folder', rowsPerPage: CBOX_LIMITS.pageSizeMax },
      ...silent,
    }),
};

/**
 * A folder dropped from the computer: created in `parentId`, or, when one of that name is already there, that one
 * (looked up in the listing).
 */
export async function ensureFolder(name: string, parentId: number | null): Promise<number> {
  try {
    return (await uploadsApi.createFolder({ name, parent_id: parentId })).id;
  } catch (err) {
    if (!isApiError(err) || (err.status !== 409 && err.status !== 422)) throw err;
    const listing = await uploadsApi.folders(parentId);
    const existing = listing.data.find((item) => item.kind === 'folder' && sameName(item.name, name));
    if (!existing) throw err;
    return existing.id;
  }
}

/** After a file lands (or a folder is made): every listing, search and summary of the library refetches. */
export function useRefreshLibrary() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: cboxKeys.all }), [queryClient]);
}
