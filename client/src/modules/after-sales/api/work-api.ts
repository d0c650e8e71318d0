import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  acReplySchema,
  failureNoteSchema,
  orderCreateSchema,
  orderDecisionSchema,
  orderManageSchema,
  orderScheduleSchema,
  orderUpdateSchema,
} from '#domain/schemas/after-sales';
import type { CommandTypeWithBody } from '#domain/commands';
import { acCommands, type AcSignInput } from '#domain/acs';
import { failureCommands } from '#domain/failures';
import { orderCommands } from '#domain/orders';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { afterSalesKeys } from './keys.ts';
import { ticketPath } from './tickets-api.ts';
import type { AcView, FailureView, OrderKind, OrderView } from './types.ts';

/** Failures, OI/OT and AC of one ticket (docs/product.md §2 solicitud/{id} tabs). */
export const failuresQuery = (ticketId: number) =>
  queryOptions({
    queryKey: afterSalesKeys.failures(ticketId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<FailureView[]>>(ticketPath(ticketId, '/fallas'), { signal }).then((r) => r.data),
  });

export const kindPath = (kind: OrderKind) => (kind === 'OI' ? 'oi' : 'ot');

export const ordersQuery = (ticketId: number, kind: OrderKind) =>
  queryOptions({
    queryKey: afterSalesKeys.orders(ticketId, kind),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<OrderView[]>>(ticketPath(ticketId, `/${kindPath(kind)}`), { signal }).then((r) => r.data),
  });

export const orderQuery = (ticketId: number, kind: OrderKind, orderId: number) =>
  queryOptions({
    queryKey: afterSalesKeys.order(ticketId, kind, orderId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<OrderView>>(ticketPath(ticketId, `/${kindPath(kind)}/${orderId}`), { signal })
        .then((r) => r.data),
  });

export const acsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: afterSalesKeys.acs(ticketId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<AcView[]>>(ticketPath(ticketId, '/ac'), { signal }).then((r) => r.data),
  });

/** The failure actions of docs/product.md §4 that take only a note (not an outcome); verbs are the domain table's. */
export type FailureActionEvent = CommandTypeWithBody<typeof failureCommands, typeof failureNoteSchema>;

export type FailureCreateBody = {
  failure_type_id: number;
  description?: string;
  severity?: string;
  batch?: number;
  attachments: { path: string; name: string; size: number; type: string }[];
};

export const failuresApi = {
  create: (ticketId: number, body: FailureCreateBody) => apiV2.post(ticketPath(ticketId, '/fallas'), body),
  remove: (ticketId: number, failureId: number) => apiV2.delete(ticketPath(ticketId, `/fallas/${failureId}`)),
  outcome: (ticketId: number, failureId: number, outcome: string, comment?: string) =>
    apiV2.post(ticketPath(ticketId, `/fallas/${failureId}/${failureCommands['failure.comply'].verb}`), {
      outcome,
      comment,
    }),
  action: (ticketId: number, failureId: number, event: FailureActionEvent, comment?: string) =>
    apiV2.post(ticketPath(ticketId, `/fallas/${failureId}/${failureCommands[event].verb}`), { comment }),
};

/** The order actions of docs/product.md §4 without a body of their own (an optional reason); verbs are the domain table's. */
export type OrderActionEvent = CommandTypeWithBody<typeof orderCommands, typeof orderDecisionSchema>;

export const ordersApi = {
  create: (ticketId: number, kind: OrderKind, body: z.input<typeof orderCreateSchema>) =>
    apiV2.post<DataEnvelope<OrderView>>(ticketPath(ticketId, `/${kindPath(kind)}`), body).then((r) => r.data),
  update: (ticketId: number, kind: OrderKind, orderId: number, body: z.input<typeof orderUpdateSchema>) =>
    apiV2
      .patch<DataEnvelope<OrderView>>(ticketPath(ticketId, `/${kindPath(kind)}/${orderId}`), body)
      .then((r) => r.data),
  schedule: (
    ticketId: number,
    kind: OrderKind,
    orderId: number,
    body: z.input<typeof orderScheduleSchema>,
    reschedule: boolean,
  ) =>
    apiV2
      .post<DataEnvelope<OrderView>>(
        ticketPath(
          ticketId,
          `/${kindPath(kind)}/${orderId}/${orderCommands[reschedule ? 'order.reschedule' : 'order.schedule'].verb}`,
        ),
        body,
      )
      .then((r) => r.data),
  manage: (ticketId: number, kind: OrderKind, orderId: number, body: z.input<typeof orderManageSchema>) =>
    apiV2
      .post<DataEnvelope<OrderView>>(
        ticketPath(ticketId, `/${kindPath(kind)}/${orderId}/${orderCommands['order.manage'].verb}`),
        body,
      )
      .then((r) => r.data),
  action: (ticketId: number, kind: OrderKind, orderId: number, event: OrderActionEvent, reason?: string) =>
    apiV2
      .post<DataEnvelope<OrderView>>(
        ticketPath(ticketId, `/${kindPath(kind)}/${orderId}/${orderCommands[event].verb}`),
        { reason },
      )
      .then((r) => r.data),
};

export const acsApi = {
  create: (ticketId: number, failureIds: number[]) =>
    apiV2.post(ticketPath(ticketId, '/ac'), { failure_ids: failureIds }),
  reply: (ticketId: number, acId: number, body: z.input<typeof acReplySchema>) =>
    apiV2.post(ticketPath(ticketId, `/ac/${acId}/${acCommands['ac.approve'].verb}`), body),
  followUp: (ticketId: number, acId: number, followUp: 'reinspeccion' | 'orden_trabajo') =>
    apiV2.post(ticketPath(ticketId, `/ac/${acId}/${acCommands['ac.markForReinspection'].verb}`), {
      follow_up: followUp,
    }),
  /** docs/product.md#ac-sign-off: the AC as it now is, signed. */
  sign: (ticketId: number, acId: number, body: AcSignInput) =>
    apiV2
      .post<DataEnvelope<AcView>>(ticketPath(ticketId, `/ac/${acId}/${acCommands['ac.sign'].verb}`), body)
      .then((r) => r.data),
  /** The act as a PDF: the signed one once signed, else a preview. */
  pdf: (ticketId: number, acId: number) =>
    apiV2.get<Blob>(ticketPath(ticketId, `/ac/${acId}/pdf`), { responseType: 'blob' }),
};
