import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderCreateSchema, orderManageSchema, orderUpdateSchema } from '#domain/schemas/after-sales';
import { agendaApi, agendaQuery, type AgendaArgs } from './boards-api.ts';
import { afterSalesKeys } from './keys.ts';
import { applyOrder, invalidateTicketLists, invalidateTicketParts } from './ticket-cache.ts';
import type { AgendaEvent, OrderKind, OrderView } from './types.ts';
import { ordersApi, type OrderActionEvent } from './work-api.ts';

/**
 * The OI/OT writes of docs/product.md §2/§4. Every answer is the order as it now is (OrderView), so it
 * replaces its row (ticket-cache.ts applyOrder); what else an order touches is asked again: the header
 * (counts, and the response clock that waits on the owner), the timeline and the agenda.
 */

const invalidateAgendas = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: afterSalesKeys.agendas() });

function afterOrderWrite(
  queryClient: QueryClient,
  order: OrderView,
  alsoTouches: readonly ('failures' | 'acs')[] = [],
) {
  applyOrder(queryClient, order);
  invalidateTicketParts(queryClient, order.ticket_id, ['detail', 'timeline', ...alsoTouches]);
  invalidateAgendas(queryClient);
}

/** POST solicitudes/{id}/oi|ot/{orderId}/<verb>: confirm, reject, unschedule, cancel, finish; one hook for a whole list of orders. */
export function useOrderAction(ticketId: number, kind: OrderKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, event, reason }: { orderId: number; event: OrderActionEvent; reason?: string }) =>
      ordersApi.action(ticketId, kind, orderId, event, reason),
    onSuccess: (order) => afterOrderWrite(queryClient, order),
  });
}

type OrderCreateBody = z.input<typeof orderCreateSchema>;
type OrderUpdateBody = z.input<typeof orderUpdateSchema>;
/** A new order (no `orderId`: the body passed orderCreateSchema) or an edit of one. */
export type SaveOrderInput = {
  ticketId: number;
  kind: OrderKind;
  orderId: number | null;
  body: OrderCreateBody | OrderUpdateBody;
};

/**
 * POST or PATCH solicitudes/{id}/oi|ot (crear, editar/{id}, and a new visit from the agenda): the
 * failures it covers list their orders, so they are asked again too.
 */
export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, kind, orderId, body }: SaveOrderInput) =>
      orderId === null
        ? ordersApi.create(ticketId, kind, body as OrderCreateBody)
        : ordersApi.update(ticketId, kind, orderId, body),
    onSuccess: (order) => afterOrderWrite(queryClient, order, ['failures']),
  });
}

/**
 * POST solicitudes/{id}/oi|ot/{orderId}/gestionar: each failure's outcome (docs/product.md §4), so the
 * failures, the ACs a solved failure opens, and the progress the lists show change too.
 */
export function useManageOrder(ticketId: number, kind: OrderKind, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof orderManageSchema>) => ordersApi.manage(ticketId, kind, orderId, body),
    onSuccess: (order) => {
      afterOrderWrite(queryClient, order, ['failures', 'acs']);
      invalidateTicketLists(queryClient);
    },
  });
}

export type VisitMove = { event: AgendaEvent; start: Date; minutes: number };

/**
 * PATCH agenda/{orderId}: a drag on the calendar. The visit shows moved at once in the range shown
 * (a refetch in flight is cancelled so it cannot put it back); whatever the answer, the agenda is asked
 * again, which also puts a refused move back.
 */
export function useMoveVisit(args: AgendaArgs) {
  const queryClient = useQueryClient();
  const { queryKey } = agendaQuery(args);
  return useMutation({
    mutationFn: ({ event, start, minutes }: VisitMove) =>
      agendaApi.reschedule(event.id, { start_at: start.toISOString(), duration_minutes: minutes }),
    onMutate: async ({ event, start, minutes }) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      queryClient.setQueryData(queryKey, (rows) =>
        rows?.map((r) =>
          r.id === event.id
            ? {
                ...r,
                start: start.toISOString(),
                end: new Date(start.getTime() + minutes * 60_000).toISOString(),
                duration_minutes: minutes,
              }
            : r,
        ),
      );
    },
    onSuccess: (order) => {
      applyOrder(queryClient, order);
      invalidateTicketParts(queryClient, order.ticket_id, ['detail', 'timeline']);
    },
    onSettled: () => invalidateAgendas(queryClient),
  });
}
