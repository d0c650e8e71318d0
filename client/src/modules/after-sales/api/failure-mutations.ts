import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateTicketLists, invalidateTicketParts } from './ticket-cache.ts';
import { failuresApi, failuresQuery, type FailureActionEvent, type FailureCreateBody } from './work-api.ts';

/**
 * The failure writes of docs/product.md §4, one hook each for a ticket's whole list of failures. The
 * answers carry only a failure's id and state, so the failures are asked again, with what a failure
 * moves: the header's counts and progress, the timeline, the lists' progress, and for outcomes the
 * ACs a solution opens (or a reopening deletes) and the orders that list the failure.
 */

function afterFailureChange(queryClient: QueryClient, ticketId: number) {
  invalidateTicketParts(queryClient, ticketId, ['failures', 'plan', 'detail', 'timeline', 'acs', 'orders']);
  invalidateTicketLists(queryClient);
}

/** POST solicitudes/{id}/fallas: a failure from the unit type's catalogue (docs/product.md §3 Failure). */
export function useCreateFailure(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FailureCreateBody) => failuresApi.create(ticketId, body),
    onSuccess: () => {
      invalidateTicketParts(queryClient, ticketId, ['failures', 'plan', 'detail', 'timeline']);
      invalidateTicketLists(queryClient);
    },
  });
}

/** POST solicitudes/{id}/fallas/{failureId}/resultado: cumple, falla, solucionada, solucionada_postventa. */
export function useFailureOutcome(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ failureId, outcome }: { failureId: number; outcome: string }) =>
      failuresApi.outcome(ticketId, failureId, outcome),
    onSuccess: () => afterFailureChange(queryClient, ticketId),
  });
}

/** POST solicitudes/{id}/fallas/{failureId}/<verb>: not applicable, to the owner's charge, reopen, re-enter (a note each). */
export function useFailureAction(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ failureId, event, comment }: { failureId: number; event: FailureActionEvent; comment?: string }) =>
      failuresApi.action(ticketId, failureId, event, comment),
    onSuccess: () => afterFailureChange(queryClient, ticketId),
  });
}

/** DELETE solicitudes/{id}/fallas/{failureId}: the row leaves the list at once; the header, timeline, orders and lists are asked again. */
export function useDeleteFailure(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (failureId: number) => failuresApi.remove(ticketId, failureId),
    onSuccess: (_answer, failureId) => {
      queryClient.setQueryData(failuresQuery(ticketId).queryKey, (rows) => rows?.filter((f) => f.id !== failureId));
      invalidateTicketParts(queryClient, ticketId, ['plan', 'detail', 'timeline', 'orders']);
      invalidateTicketLists(queryClient);
    },
  });
}
