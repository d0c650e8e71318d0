import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanPinInput } from '#domain/plan-pins';
import type { PlanBoard } from '#domain/plan-pins-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { saveBlob } from '../../../widgets/upload/transfer.ts';
import { afterSalesKeys } from './keys.ts';
import { invalidateTicketParts } from './ticket-cache.ts';
import { ticketPath } from './tickets-api.ts';

/** GET solicitudes/{id}/fallas/plano: the unit type's plans and every failure of the unit, numbered. */
export const planQuery = (ticketId: number) =>
  queryOptions({
    queryKey: afterSalesKeys.plan(ticketId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<PlanBoard>>(ticketPath(ticketId, '/fallas/plano'), { signal }).then((r) => r.data),
  });

/**
 * PUT (a pin) or DELETE (none) solicitudes/{id}/fallas/{failureId}/plano: the board the answer carries
 * replaces the cached one; the timeline has a new row.
 */
export function usePinFailure(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ failureId, pin }: { failureId: number; pin: PlanPinInput | null }) => {
      const path = ticketPath(ticketId, `/fallas/${failureId}/plano`);
      return (pin ? apiV2.put<DataEnvelope<PlanBoard>>(path, pin) : apiV2.delete<DataEnvelope<PlanBoard>>(path)).then(
        (r) => r.data,
      );
    },
    onSuccess: (board) => {
      queryClient.setQueryData(planQuery(ticketId).queryKey, board);
      invalidateTicketParts(queryClient, ticketId, ['timeline']);
    },
  });
}

/** GET solicitudes/{id}/pdf: the ticket with its failures and the plan with the pins, saved as a file. */
export function useTicketPdf(ticketId: number) {
  return useMutation({
    mutationFn: (filename: string) =>
      apiV2
        .get<Blob>(ticketPath(ticketId, '/pdf'), { responseType: 'blob', query: { download: 1 } })
        .then((blob) => saveBlob(blob, filename)),
  });
}
