import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { afterSalesKeys } from './keys.ts';
import { invalidateTicketLists, invalidateTicketParts } from './ticket-cache.ts';
import { ticketPath } from './tickets-api.ts';
import type { RecordPhotos } from '#domain/tickets-responses';
import type { Attachment, OrderKind, OrderView, TimelineEntry } from './types.ts';
import { acsQuery, failuresQuery, kindPath, orderQuery, ordersQuery } from './work-api.ts';

/** A record of a ticket that holds photos: a message, a failure, a visit's result for one failure, an AC. */
export type PhotoRecordRef =
  | { kind: 'message'; messageId: number }
  | { kind: 'failure'; failureId: number }
  | { kind: 'result'; orderKind: OrderKind; orderId: number; failureId: number }
  | { kind: 'ac'; acId: number };

export type MarkedCopyBody = { record: PhotoRecordRef; source: string; path: string };

/** The record's path under solicitudes/{id}; its marked copies go to `<path>/marcadas`. */
function recordPath(record: PhotoRecordRef): string {
  switch (record.kind) {
    case 'message':
      return `/mensajes/${record.messageId}`;
    case 'failure':
      return `/fallas/${record.failureId}`;
    case 'result':
      return `/${kindPath(record.orderKind)}/${record.orderId}/fallas/${record.failureId}`;
    case 'ac':
      return `/ac/${record.acId}`;
  }
}

export const photosApi = {
  markedCopy: (ticketId: number, { record, source, path }: MarkedCopyBody) =>
    apiV2
      .post<DataEnvelope<RecordPhotos>>(ticketPath(ticketId, `${recordPath(record)}/marcadas`), {
        source,
        path,
      })
      .then((r) => r.data.attachments),
};

/** The record's new list of photos, written where the ticket's tabs read it. */
function applyPhotos(queryClient: QueryClient, ticketId: number, record: PhotoRecordRef, list: Attachment[]) {
  if (record.kind === 'failure') {
    queryClient.setQueryData(failuresQuery(ticketId).queryKey, (rows) =>
      rows?.map((f) => (f.id === record.failureId ? { ...f, attachments: list } : f)),
    );
  } else if (record.kind === 'ac') {
    queryClient.setQueryData(acsQuery(ticketId).queryKey, (rows) =>
      rows?.map((a) => (a.id === record.acId ? { ...a, attachments: list } : a)),
    );
  } else if (record.kind === 'result') {
    const withList = (o: OrderView): OrderView =>
      o.id !== record.orderId
        ? o
        : { ...o, failures: o.failures.map((f) => (f.id === record.failureId ? { ...f, attachments: list } : f)) };
    queryClient.setQueryData(ordersQuery(ticketId, record.orderKind).queryKey, (rows) => rows?.map(withList));
    queryClient.setQueryData(orderQuery(ticketId, record.orderKind, record.orderId).queryKey, (o) => o && withList(o));
  } else {
    queryClient.setQueriesData<ListEnvelope<TimelineEntry>>({ queryKey: afterSalesKeys.timeline(ticketId) }, (page) =>
      page
        ? { ...page, data: page.data.map((e) => (e.id === `m${record.messageId}` ? { ...e, archivos: list } : e)) }
        : page,
    );
  }
}

/**
 * POST solicitudes/{id}/<record>/marcadas (docs/product.md §2 image viewer, "Marcar"): the uploaded marked copy
 * joins the record beside its original. The answer is the record's list, written into its tab; the
 * timeline gains a history row and the header and lists an update time.
 */
export function useMarkedCopy(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkedCopyBody) => photosApi.markedCopy(ticketId, body),
    onSuccess: (list, { record }) => {
      applyPhotos(queryClient, ticketId, record, list);
      invalidateTicketParts(queryClient, ticketId, ['detail', 'timeline']);
      invalidateTicketLists(queryClient);
    },
  });
}

/**
 * For a list of records (one hook for all of them): the gallery's "Marcar" handler of one record, which
 * attaches the uploaded copy beside the photo it was drawn on.
 */
export function useMarkupHandlers(ticketId: number) {
  const marked = useMarkedCopy(ticketId);
  return (record: PhotoRecordRef) => (copy: { path: string }, source: { path?: string | null }) =>
    marked.mutateAsync({ record, source: source.path ?? '', path: copy.path });
}
