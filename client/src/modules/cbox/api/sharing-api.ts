import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CboxLevel } from '#domain/cbox';
import type { CboxLink, CboxShare } from '#domain/cbox-responses';
import type { CboxLinkCreateInput, CboxShareCreateInput, CboxTarget } from '#domain/schemas/cbox';
import type { Ref } from '#domain/responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { fileActivityQuery } from './files-api.ts';
import { cboxKeys } from './keys.ts';

/** Shares with people and profiles, and links for people outside the company (docs/api.md, Cbox; docs/product.md §6). */
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

/** What a share or a link is on: `{folder_id}` or `{file_id}`, as the routes take it. */
export const targetOf = (kind: 'folder' | 'file', id: number): CboxTarget =>
  kind === 'folder' ? { folder_id: id } : { file_id: id };

export type SubjectOptions = { users: Ref[]; profiles: Ref[] };
/** A link as POST enlaces answers it: with its address, which no list ever shows again. */
export type CreatedLink = CboxLink & { url: string };

export const sharingApi = {
  shares: (target: CboxTarget, signal?: AbortSignal) =>
    data(apiV2.get<DataEnvelope<CboxShare[]>>('biblioteca/compartir', { query: target, signal })),
  subjects: (signal?: AbortSignal) =>
    data(apiV2.get<DataEnvelope<SubjectOptions>>('biblioteca/destinatarios', { signal })),
  createShare: (input: CboxShareCreateInput) =>
    data(apiV2.post<DataEnvelope<CboxShare>>('biblioteca/compartir', input)),
  updateShare: ({ id, levels }: { id: number; levels: CboxLevel[] }) =>
    data(apiV2.patch<DataEnvelope<CboxShare>>(`biblioteca/compartir/${id}`, { levels })),
  deleteShare: (id: number) => data(apiV2.delete<DataEnvelope<{ id: number }>>(`biblioteca/compartir/${id}`)),
  links: (target: CboxTarget, signal?: AbortSignal) =>
    data(apiV2.get<DataEnvelope<CboxLink[]>>('biblioteca/enlaces', { query: target, signal })),
  createLink: (input: CboxLinkCreateInput) => data(apiV2.post<DataEnvelope<CreatedLink>>('biblioteca/enlaces', input)),
  revokeLink: (id: number) => data(apiV2.delete<DataEnvelope<{ id: number }>>(`biblioteca/enlaces/${id}`)),
};

export const sharesQuery = (target: CboxTarget) =>
  queryOptions({
    queryKey: cboxKeys.list('shares', target),
    queryFn: ({ signal }) => sharingApi.shares(target, signal),
  });

export const subjectsQuery = queryOptions({
  queryKey: cboxKeys.item('subjects'),
  queryFn: ({ signal }) => sharingApi.subjects(signal),
  staleTime: 60_000,
});

export const linksQuery = (target: CboxTarget) =>
  queryOptions({
    queryKey: cboxKeys.list('links', target),
    queryFn: ({ signal }) => sharingApi.links(target, signal),
  });

/**
 * A share written on a folder reaches everything below it (shown there as inherited), and the file's activity
 * logs it: the item's own list takes the answer, the other share lists and the file's activity are refetched.
 */
function useShareWrites(target: CboxTarget) {
  const queryClient = useQueryClient();
  const own = sharesQuery(target).queryKey;
  const touched = () => {
    void queryClient.invalidateQueries({
      queryKey: cboxKeys.list('shares'),
      predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(own),
    });
    if (target.file_id !== undefined)
      void queryClient.invalidateQueries({ queryKey: fileActivityQuery(target.file_id).queryKey });
  };
  return {
    put: (share: CboxShare) => {
      queryClient.setQueryData<CboxShare[]>(own, (list) =>
        list ? [...list.filter((s) => s.id !== share.id), share] : [share],
      );
      touched();
    },
    drop: (id: number) => {
      queryClient.setQueryData<CboxShare[]>(own, (list) => list?.filter((s) => s.id !== id));
      touched();
    },
  };
}

export function useCreateShare(target: CboxTarget) {
  const writes = useShareWrites(target);
  return useMutation({
    mutationFn: (input: Omit<CboxShareCreateInput, 'folder_id' | 'file_id'>) =>
      sharingApi.createShare({ ...input, ...target }),
    onSuccess: writes.put,
  });
}

export function useUpdateShare(target: CboxTarget) {
  const writes = useShareWrites(target);
  return useMutation({ mutationFn: sharingApi.updateShare, onSuccess: writes.put });
}

export function useDeleteShare(target: CboxTarget) {
  const writes = useShareWrites(target);
  return useMutation({ mutationFn: sharingApi.deleteShare, onSuccess: ({ id }) => writes.drop(id) });
}

/**
 * A new link goes into the item's list without its address (shown once by the caller from `mutate`'s answer, never
 * cached); the file's activity logs it.
 */
export function useCreateLink(target: CboxTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CboxLinkCreateInput, 'folder_id' | 'file_id'>) =>
      sharingApi.createLink({ ...input, ...target }),
    onSuccess: ({ url: _url, ...link }) => {
      queryClient.setQueryData<CboxLink[]>(linksQuery(target).queryKey, (list) => [
        link,
        ...(list ?? []).filter((l) => l.id !== link.id),
      ]);
      if (target.file_id !== undefined)
        void queryClient.invalidateQueries({ queryKey: fileActivityQuery(target.file_id).queryKey });
    },
  });
}

/** A revoked link stays in the list, marked so: the answer names only its id, so the list is read again. */
export function useRevokeLink(target: CboxTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sharingApi.revokeLink,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: linksQuery(target).queryKey });
      if (target.file_id !== undefined)
        void queryClient.invalidateQueries({ queryKey: fileActivityQuery(target.file_id).queryKey });
    },
  });
}
