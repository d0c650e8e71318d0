import { useCallback, useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UPLOAD_URL_DEFAULT } from '#domain/files';
import { uploadFile } from '../../../widgets/upload/upload-api.ts';
import { sendDraft, type DraftSendDeps } from './draft-sender.ts';
import { indexedDbDrafts, PENDING_STATUSES, type DraftStorage, type TicketDraft } from './draft-store.ts';
import { portalApi, portalKeys } from './portal-api.ts';

/**
 * The owner's drafts on this device (docs/product.md#owner-portal, offline drafts) as a query: IndexedDB is
 * read whatever the connection (networkMode 'always'), and every change is written to the store and the cache.
 */
export const ticketDraftsQuery = (ownerId: number, storage: DraftStorage = indexedDbDrafts) =>
  queryOptions({
    queryKey: portalKeys.item('drafts', { ownerId }),
    queryFn: async () => {
      const drafts = await storage.list(ownerId);
      // A draft sent in an earlier visit has done its job: its ticket is in the list now.
      for (const d of drafts) if (d.status === 'sent') await storage.remove(d.key);
      return drafts.filter((d) => d.status !== 'sent');
    },
    networkMode: 'always',
    staleTime: Infinity,
  });

function saver(queryClient: QueryClient, storage: DraftStorage) {
  return async (draft: TicketDraft) => {
    await storage.put(draft);
    const { queryKey } = ticketDraftsQuery(draft.ownerId, storage);
    // A read still running started before this write: drop it, or it would bring back the old list.
    await queryClient.cancelQueries({ queryKey });
    if (!queryClient.getQueryData(queryKey)) return void queryClient.invalidateQueries({ queryKey });
    queryClient.setQueryData(queryKey, (rows = []) => [draft, ...rows.filter((d) => d.key !== draft.key)]);
  };
}

/** The browser's way to send: photos through the uploader's signed upload, the ticket through the portal API. */
function browserDeps(queryClient: QueryClient, storage: DraftStorage): DraftSendDeps {
  return {
    save: saver(queryClient, storage),
    upload: async (photo) => {
      const file = new File([photo.blob], photo.name, { type: photo.type });
      const stored = await uploadFile({
        file,
        context: 'general',
        method: 'put',
        endpoint: UPLOAD_URL_DEFAULT,
        onProgress: () => undefined,
      });
      return { path: stored.path, name: photo.name, size: photo.size, type: photo.type };
    },
    create: portalApi.createFromDraft,
  };
}

/** Keep, send, discard: what the create page and the drafts list do with a draft. */
export function useTicketDrafts(ownerId: number, storage: DraftStorage = indexedDbDrafts) {
  const queryClient = useQueryClient();
  const drafts = useQuery(ticketDraftsQuery(ownerId, storage));
  const send = useCallback(
    async (draft: TicketDraft) => {
      const answer = await sendDraft(draft, browserDeps(queryClient, storage));
      if (answer.status === 'sent') void queryClient.invalidateQueries({ queryKey: portalKeys.tickets() });
      return answer;
    },
    [queryClient, storage],
  );
  const keep = useCallback((draft: TicketDraft) => saver(queryClient, storage)(draft), [queryClient, storage]);
  const discard = useCallback(
    async (key: string) => {
      await storage.remove(key);
      queryClient.setQueryData(ticketDraftsQuery(ownerId, storage).queryKey, (rows) =>
        rows?.filter((d) => d.key !== key),
      );
    },
    [queryClient, storage, ownerId],
  );
  return { drafts: drafts.data ?? [], keep, send, discard };
}

/**
 * The outbox: while the portal is open, drafts still to send go when it opens online and whenever the
 * browser says the connection is back (the `online` event). Mounted once, in the portal's frame.
 */
export function useDraftOutbox(ownerId: number, storage: DraftStorage = indexedDbDrafts) {
  const { drafts, send } = useTicketDrafts(ownerId, storage);
  const pending = useRef<TicketDraft[]>([]);
  pending.current = drafts.filter((d) => PENDING_STATUSES.includes(d.status));
  const hasPending = pending.current.length > 0;
  useEffect(() => {
    const flush = () => {
      if (navigator.onLine) for (const d of pending.current) void send(d);
    };
    // Once when drafts become pending (the portal opened, or a draft was kept), then on every `online`; a
    // failed send waits for the next `online` instead of looping. A send in flight is shared (draft-sender.ts).
    if (hasPending) flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [hasPending, send]);
}
