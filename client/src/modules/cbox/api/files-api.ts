import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CboxActivityEntry, CboxFileDetail, CboxFileItem } from '#domain/cbox-responses';
import { v2Url, apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { cboxKeys } from './keys.ts';

/** A file of the library, its versions and its activity (docs/api.md, Cbox: archivos/{id}). */
const API = 'biblioteca/archivos';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

/** The text preview reads at most this much of a file (a log or a CSV may be far larger). */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

/**
 * Where a file's bytes are read: `inline` to show them in the page (the server logs 'viewed'), else as an attachment
 * (logged 'downloaded').
 */
export const fileContentUrl = (id: number, opts: { inline?: boolean } = {}) =>
  v2Url(`${API}/${id}/descarga`, opts.inline ? { inline: 1 } : undefined);

export const filesApi = {
  detail: (id: number, signal?: AbortSignal) =>
    data(apiV2.get<DataEnvelope<CboxFileDetail>>(`${API}/${id}`, { signal })),
  activity: (id: number, signal?: AbortSignal) =>
    data(apiV2.get<DataEnvelope<CboxActivityEntry[]>>(`${API}/${id}/actividad`, { signal })),
  /** The first TEXT_PREVIEW_BYTES of a text file (a Range request; cut here too when the server sends it all). */
  text: (id: number, signal?: AbortSignal) =>
    apiV2
      .get<string>(`${API}/${id}/descarga`, {
        query: { inline: 1 },
        signal,
        responseType: 'text',
        credentials: 'include',
        headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
      })
      .then((text) => ({ text: text.slice(0, TEXT_PREVIEW_BYTES), cut: text.length >= TEXT_PREVIEW_BYTES })),
  restoreVersion: ({ fileId, versionId }: { fileId: number; versionId: number }) =>
    data(apiV2.post<DataEnvelope<CboxFileItem>>(`${API}/${fileId}/versiones/${versionId}/restaurar`, {})),
};

export const fileDetailQuery = (id: number) =>
  queryOptions({
    queryKey: cboxKeys.detail('file', id),
    queryFn: ({ signal }) => filesApi.detail(id, signal),
  });

export const fileActivityQuery = (id: number) =>
  queryOptions({
    queryKey: cboxKeys.item('file-activity', { id }),
    queryFn: ({ signal }) => filesApi.activity(id, signal),
  });

/** A text file's first megabyte, for the preview; the version is in the key so a new version reads anew. */
export const fileTextQuery = (id: number, version: number) =>
  queryOptions({
    queryKey: cboxKeys.item('file-text', { id, version }),
    queryFn: ({ signal }) => filesApi.text(id, signal),
    staleTime: Infinity,
  });

/**
 * Restoring an old version makes it the current one: the answer (the file as it now is) goes into the file's
 * detail; its version list, its activity and the listings that show it are refetched.
 */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: filesApi.restoreVersion,
    onSuccess: (file) => {
      queryClient.setQueryData<CboxFileDetail>(fileDetailQuery(file.id).queryKey, (detail) =>
        detail ? { ...detail, file } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: fileDetailQuery(file.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: fileActivityQuery(file.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: cboxKeys.lists() });
    },
  });
}
