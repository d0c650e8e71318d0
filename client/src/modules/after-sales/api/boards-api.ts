import { queryOptions } from '@tanstack/react-query';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { afterSalesKeys } from './keys.ts';
import { API, browserTimeZone, type TicketFilters } from './tickets-api.ts';
import type { AgendaEvent, Efficiency, OrderView, RequestsBoard, Statistics } from './types.ts';

export type AgendaArgs = {
  from: string;
  to: string;
  responsible_id?: number[];
  project_id?: number[];
  kind?: ('OI' | 'OT')[];
};

/** GET agenda: scheduled OI/OT in a range (at most 62 days: a month view with its spill-over weeks). */
export const agendaQuery = (args: AgendaArgs) =>
  queryOptions({
    queryKey: afterSalesKeys.agenda(args),
    queryFn: ({ signal }) =>
      apiV2
        .get<{ data: AgendaEvent[] }>(`${API}/agenda`, { signal, query: { ...args, tz: browserTimeZone() } })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
  });

export const agendaApi = {
  /** A drag on the calendar: the order machine decides (docs/product.md §4); a refusal comes back as the server's message. */
  reschedule: (orderId: number, body: { start_at: string; duration_minutes: number; responsible_id?: number }) =>
    apiV2.patch<DataEnvelope<OrderView>>(`${API}/agenda/${orderId}`, body).then((r) => r.data),
};

export const boardQuery = (filters: TicketFilters) =>
  queryOptions({
    queryKey: afterSalesKeys.board(filters),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<RequestsBoard>>(`${API}/dashboard/solicitudes`, {
          signal,
          query: { ...filters, tz: browserTimeZone() },
        })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
  });

export const efficiencyQuery = (filters: TicketFilters) =>
  queryOptions({
    queryKey: afterSalesKeys.efficiency(filters),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<Efficiency>>(`${API}/dashboard/eficiencia`, {
          signal,
          query: { ...filters, tz: browserTimeZone() },
        })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
  });

export type StatisticsArgs = { project_id?: number[]; date_preset?: string; date_from?: string; date_to?: string };
export const statisticsQuery = (args: StatisticsArgs) =>
  queryOptions({
    queryKey: afterSalesKeys.statistics(args),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<Statistics>>(`${API}/estadisticas`, { signal, query: { ...args, tz: browserTimeZone() } })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
  });
