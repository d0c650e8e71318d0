import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cmTicketCommands, type CmTicketCommandType } from '#domain/cmanagement';
import type {
  CmCategoryRow,
  CmCommentRow,
  CmCustomFieldRow,
  CmTicketDetail,
  CmTicketRow,
} from '#domain/cmanagement-responses';
import type { CM_TICKET_SORTS } from '#domain/schemas/cmanagement';
import type { z } from 'zod';
import type { cmTicketCreateSchema, cmTicketUpdateSchema } from '#domain/schemas/cmanagement';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { cmanagementKeys } from './keys.ts';

export const CM_API = 'cmanagement';
const ticketPath = (id: number, rest = '') => `${CM_API}/tickets/${id}${rest}`;

export type CmTicketSort = (typeof CM_TICKET_SORTS)[number];
/** The list query as the API reads it (docs/api.md, Cmanagement: GET tickets); lists travel as comma lists. */
export type CmTicketListParams = {
  state?: string;
  priority?: string;
  category?: string;
  assignee?: string;
  project?: string;
  due_from?: string;
  due_to?: string;
  search?: string;
  cf?: string;
  sort?: CmTicketSort;
  desc?: 'true' | 'false';
  page?: number;
  rows?: number;
};
export type CmTicketCreateInput = z.input<typeof cmTicketCreateSchema>;
export type CmTicketUpdateInput = z.input<typeof cmTicketUpdateSchema>;

export const ticketListQuery = (params: CmTicketListParams) =>
  queryOptions({
    queryKey: cmanagementKeys.ticketList(params),
    queryFn: ({ signal }) => apiV2.get<ListEnvelope<CmTicketRow>>(`${CM_API}/tickets`, { signal, query: params }),
  });

export const ticketDetailQuery = (id: number) =>
  queryOptions({
    queryKey: cmanagementKeys.ticketDetail(id),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<CmTicketDetail>>(ticketPath(id), { signal }).then((r) => r.data),
  });

export const commentsQuery = (id: number) =>
  queryOptions({
    queryKey: cmanagementKeys.comments(id),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CmCommentRow[]>>(ticketPath(id, '/comentarios'), { signal }).then((r) => r.data),
  });

/** The categories a ticket is filed under (a new ticket takes only the enabled ones). */
export const ticketCategoriesQuery = () =>
  queryOptions({
    queryKey: cmanagementKeys.categories(),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CmCategoryRow[]>>(`${CM_API}/categorias`, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** A category's custom fields, by position (the ticket form shows the active ones). */
export const ticketFieldsQuery = (categoryId: number) =>
  queryOptions({
    queryKey: cmanagementKeys.fields(categoryId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<CmCustomFieldRow[]>>(`${CM_API}/categorias/${categoryId}/campos`, { signal })
        .then((r) => r.data),
    staleTime: 60_000,
  });

export const ticketsApi = {
  create: (input: CmTicketCreateInput) =>
    apiV2.post<DataEnvelope<CmTicketDetail>>(`${CM_API}/tickets`, input).then((r) => r.data),
  update: (id: number, input: CmTicketUpdateInput) =>
    apiV2.patch<DataEnvelope<CmTicketDetail>>(ticketPath(id), input).then((r) => r.data),
  /** A state change by the verb of its machine event (domain/cmanagement.ts cmTicketCommands). */
  command: (id: number, event: CmTicketCommandType, body: { reason?: string } = {}) =>
    apiV2
      .post<DataEnvelope<CmTicketDetail>>(ticketPath(id, `/${cmTicketCommands[event].verb}`), body)
      .then((r) => r.data),
  comment: (id: number, body: string) =>
    apiV2.post<DataEnvelope<CmCommentRow>>(ticketPath(id, '/comentarios'), { body }).then((r) => r.data),
  export: (format: 'xlsx' | 'csv', params: CmTicketListParams) =>
    apiV2.get<Blob>(`${CM_API}/tickets/exportar`, {
      responseType: 'blob',
      query: { ...params, page: undefined, rows: undefined, format },
    }),
};

/** The answer of a write is the new detail: put it in the cache and refresh the lists. */
function useDetailWrite<A>(write: (args: A) => Promise<CmTicketDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      queryClient.setQueryData(cmanagementKeys.ticketDetail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: cmanagementKeys.ticketLists() });
    },
  });
}

export const useCreateTicket = () => useDetailWrite(ticketsApi.create);
export const useUpdateTicket = (id: number) =>
  useDetailWrite((input: CmTicketUpdateInput) => ticketsApi.update(id, input));
export const useTicketCommand = () =>
  useDetailWrite((a: { id: number; event: CmTicketCommandType; reason?: string }) =>
    ticketsApi.command(a.id, a.event, a.reason === undefined ? {} : { reason: a.reason }),
  );

export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => ticketsApi.comment(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cmanagementKeys.comments(id) }),
  });
}
