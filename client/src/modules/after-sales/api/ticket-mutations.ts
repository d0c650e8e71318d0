import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketUpdateInput } from '#domain/schemas/after-sales';
import { afterSalesKeys } from './keys.ts';
import { applyTicket, invalidateTicketLists, invalidateTicketParts } from './ticket-cache.ts';
import { ticketDetailQuery, ticketsApi, type TicketActionEvent } from './tickets-api.ts';
import type { TicketEvent } from '#machines/ticket';
import { pendingFailuresOf, ticketStateAfter } from '../components/ticket-machine.ts';

/**
 * The ticket writes of docs/product.md §2/§4 (create, edit, actions, merge, bulk, messages), each with
 * its cache update (ticket-cache.ts). Screens add only what is theirs (close a dialog, navigate) through
 * `mutate`'s callbacks.
 */

/** POST solicitudes: the new ticket is in cache before its page opens. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ticketsApi.create, onSuccess: (ticket) => applyTicket(queryClient, ticket) });
}

/** PATCH solicitudes/{id}: subject, responsible, priority, cc, or saved as another state (docs/product.md §4). */
export function useUpdateTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketUpdateInput) => ticketsApi.update(ticketId, body),
    onSuccess: (ticket) => applyTicket(queryClient, ticket),
  });
}

/**
 * POST solicitudes/{id}/<verb>: the header's machine actions; closing and marking not applicable carry a justification.
 * The header shows the state the machine leads to at once; the answer settles it, a refusal puts back what was shown.
 */
export function useTicketAction(ticketId: number) {
  const queryClient = useQueryClient();
  const key = ticketDetailQuery(ticketId).queryKey;
  return useMutation({
    mutationFn: ({ event, justification }: { event: TicketActionEvent; justification?: string }) =>
      ticketsApi.action(ticketId, event, justification !== undefined ? { justification } : {}),
    onMutate: async ({ event, justification }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const shown = queryClient.getQueryData(key);
      const after =
        shown &&
        ticketStateAfter({ state: shown.state, previousState: shown.previous_state }, {
          type: event,
          justification: justification ?? '',
          pendingFailureCount: pendingFailuresOf(shown),
        } as TicketEvent);
      if (shown && after)
        queryClient.setQueryData(key, { ...shown, state: after.state, previous_state: after.previousState });
      return { shown };
    },
    onError: (_error, _input, context) => {
      if (context?.shown) queryClient.setQueryData(key, context.shown);
    },
    onSuccess: (ticket, _input, context) => applyTicket(queryClient, ticket, context?.shown),
  });
}

/**
 * POST solicitudes/{id}/fusionar: the chosen tickets end merged into this one, which takes their
 * failures, orders and ACs (so its tabs, the agenda's visits and the merge candidates change); the
 * merged ones change state (lists, dashboards).
 */
export function useMergeTickets(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketIds: number[]) => ticketsApi.merge(ticketId, ticketIds),
    onSuccess: (ticket, ticketIds) => {
      applyTicket(queryClient, ticket);
      invalidateTicketParts(queryClient, ticket.id, ['failures', 'orders', 'acs', 'mergeCandidates']);
      for (const id of ticketIds) void queryClient.invalidateQueries({ queryKey: afterSalesKeys.ticket(id) });
      void queryClient.invalidateQueries({ queryKey: afterSalesKeys.agendas() });
      void queryClient.invalidateQueries({ queryKey: afterSalesKeys.dashboards() });
    },
  });
}

/**
 * POST solicitudes/bulk (docs/product.md §5/§9): the answer names the tickets changed, not how, so
 * those tickets, the lists and the dashboards are asked again.
 */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ticketsApi.bulk,
    onSuccess: ({ done }) => {
      for (const id of done) void queryClient.invalidateQueries({ queryKey: afterSalesKeys.ticket(id) });
      invalidateTicketLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: afterSalesKeys.dashboards() });
    },
  });
}

/**
 * POST solicitudes/{id}/mensajes: a new timeline entry; the header changes too (the first public
 * answer stops the response clock and opens a new ticket, docs/product.md §5).
 */
export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof ticketsApi.message>[1]) => ticketsApi.message(ticketId, input),
    onSuccess: () => invalidateTicketParts(queryClient, ticketId, ['timeline', 'detail']),
  });
}
