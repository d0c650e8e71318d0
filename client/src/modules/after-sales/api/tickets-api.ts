import { queryOptions } from '@tanstack/react-query';
import type { BULK_ACTIONS, TicketCreateInput, TicketListQuery, TicketUpdateInput } from '#domain/schemas/after-sales';
import type { VerbCommandType } from '#domain/commands';
import { ticketCommands } from '#domain/tickets';
import { apiV2 } from '../../../api/clients.ts';
import { browserTimeZone } from '../../../shared/time-zone.ts';
import { dataListQuery } from '../../../api/query.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { afterSalesKeys, TICKET_LIST } from './keys.ts';
import type { MergeCandidate, TicketDetail, TicketRow, TimelineEntry } from './types.ts';

export const API = 'postventa';
export const ticketPath = (id: number, rest = '') => `${API}/solicitudes/${id}${rest}`;

/** The list filters as the API reads them (docs/product.md §2 filters, §9 date presets); arrays travel as comma lists. */
export type TicketFilters = Partial<Omit<TicketListQuery, 'page' | 'rowsPerPage' | 'sortBy' | 'descending'>>;
export type TicketSort = { sortBy: TicketListQuery['sortBy'] | null; descending: boolean };

export { browserTimeZone };

/** GET solicitudes: one page of 50 (docs/product.md §9) with the list query defaults of docs/product.md §7. */
export const ticketListQuery = (filters: TicketFilters, sort: TicketSort, page: number, rowsPerPage?: number) =>
  dataListQuery<TicketRow>({
    keys: afterSalesKeys,
    name: TICKET_LIST,
    endpoint: `${API}/solicitudes`,
    pagination: { page, rowsPerPage, sortBy: sort.sortBy ?? null, descending: sort.descending },
    filters: { ...filters, tz: browserTimeZone() },
  });

export const ticketDetailQuery = (id: number) =>
  queryOptions({
    queryKey: afterSalesKeys.ticketDetail(id),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<TicketDetail>>(ticketPath(id), { signal }).then((r) => r.data),
  });

export const timelineQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...afterSalesKeys.timeline(id), page],
    queryFn: ({ signal }) =>
      apiV2.get<ListEnvelope<TimelineEntry>>(ticketPath(id, '/actividad'), { signal, query: { page } }),
  });

export const mergeCandidatesQuery = (id: number) =>
  queryOptions({
    queryKey: afterSalesKeys.mergeCandidates(id),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<MergeCandidate[]>>(ticketPath(id, '/fusionables'), { signal }).then((r) => r.data),
  });

/** The ticket actions of docs/product.md §4 with a verb route; the verb is the domain table's (the server routes by it). */
export type TicketActionEvent = VerbCommandType<typeof ticketCommands>;

type BulkAction = (typeof BULK_ACTIONS)[number];
export type BulkInput = {
  ids: number[];
  action: BulkAction;
  responsible_id?: number;
  priority?: string;
  justification?: string;
};

export const ticketsApi = {
  create: (input: TicketCreateInput) =>
    apiV2.post<DataEnvelope<TicketDetail>>(`${API}/solicitudes`, input).then((r) => r.data),
  update: (id: number, input: TicketUpdateInput) =>
    apiV2.patch<DataEnvelope<TicketDetail>>(ticketPath(id), input).then((r) => r.data),
  action: (id: number, event: TicketActionEvent, body: { justification?: string } = {}) =>
    apiV2.post<DataEnvelope<TicketDetail>>(ticketPath(id, `/${ticketCommands[event].verb}`), body).then((r) => r.data),
  merge: (id: number, ticketIds: number[]) =>
    apiV2.post<DataEnvelope<TicketDetail>>(ticketPath(id, '/fusionar'), { ticket_ids: ticketIds }).then((r) => r.data),
  message: (
    id: number,
    input: {
      body: string;
      visibility: 'public' | 'private';
      attachments: { path: string; name: string; size: number; type: string }[];
    },
  ) => apiV2.post<DataEnvelope<{ id: number }>>(ticketPath(id, '/mensajes'), input).then((r) => r.data),
  bulk: (input: BulkInput) =>
    apiV2.post<DataEnvelope<{ done: number[] }>>(`${API}/solicitudes/bulk`, input).then((r) => r.data),
  /** docs/product.md §7 export of the filtered set: the whole set the filters select, not only the page shown. */
  export: (format: 'xlsx' | 'csv', filters: TicketFilters, sort: TicketSort) =>
    apiV2.get<Blob>(`${API}/solicitudes/export`, {
      responseType: 'blob',
      query: {
        ...filters,
        format,
        tz: browserTimeZone(),
        sortBy: sort.sortBy ?? undefined,
        descending: sort.sortBy ? sort.descending : undefined,
      },
    }),
};
