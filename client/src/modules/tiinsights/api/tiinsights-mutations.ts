import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingOverview, InvoiceRow } from '#domain/billing-responses';
import type { DataExport } from '#domain/insights-responses';
import type { InvoiceIssueInput, InvoicePaymentInput, PlanInput } from '#domain/schemas/billing';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { tiinsightsKeys } from './keys.ts';
import { TIINSIGHTS_API } from './tiinsights-api.ts';

/** Field errors (422) and conflicts (409) are shown in the form, not as a toast. */
const silent = { silent: true } as const;

/** The overview with one invoice written in: replaced when it is there, added otherwise. */
export function withInvoice(overview: BillingOverview, invoice: InvoiceRow): BillingOverview {
  const known = overview.invoices.some((i) => i.id === invoice.id);
  const invoices = known
    ? overview.invoices.map((i) => (i.id === invoice.id ? invoice : i))
    : [invoice, ...overview.invoices];
  return { ...overview, invoices };
}

/** An invoice the provider wrote: into the company's overview; the health list counts overdue invoices. */
function useWriteInvoice(companyId: number) {
  const queryClient = useQueryClient();
  return (invoice: InvoiceRow) => {
    queryClient.setQueryData<BillingOverview>(tiinsightsKeys.billing(companyId), (old) =>
      old ? withInvoice(old, invoice) : old,
    );
    void queryClient.invalidateQueries({ queryKey: tiinsightsKeys.health() });
  };
}

/** PUT tiinsights/empresas/{companyId}/plan: the answer is the company's overview; the health list names the plan. */
export function useSavePlan(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanInput) =>
      apiV2
        .put<DataEnvelope<BillingOverview>>(`${TIINSIGHTS_API}/empresas/${companyId}/plan`, input, silent)
        .then((r) => r.data),
    onSuccess: (overview) => {
      queryClient.setQueryData(tiinsightsKeys.billing(companyId), overview);
      void queryClient.invalidateQueries({ queryKey: tiinsightsKeys.health() });
    },
  });
}

/** POST tiinsights/empresas/{companyId}/facturas: one period's invoice. */
export function useIssueInvoice(companyId: number) {
  const write = useWriteInvoice(companyId);
  return useMutation({
    mutationFn: (input: InvoiceIssueInput) =>
      apiV2
        .post<DataEnvelope<InvoiceRow>>(`${TIINSIGHTS_API}/empresas/${companyId}/facturas`, input, silent)
        .then((r) => r.data),
    onSuccess: write,
  });
}

/** POST tiinsights/facturas/{invoiceId}/pago: the payment of one invoice of the company. */
export function useMarkInvoicePaid(companyId: number) {
  const write = useWriteInvoice(companyId);
  return useMutation({
    mutationFn: ({ invoiceId, input }: { invoiceId: number; input: InvoicePaymentInput }) =>
      apiV2
        .post<DataEnvelope<InvoiceRow>>(`${TIINSIGHTS_API}/facturas/${invoiceId}/pago`, input, silent)
        .then((r) => r.data),
    onSuccess: write,
  });
}

/** POST tiinsights/empresas/{companyId}/exportaciones: a signed link to the company's data; first in the list. */
export function useCreateExport(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiV2
        .post<DataEnvelope<DataExport>>(`${TIINSIGHTS_API}/empresas/${companyId}/exportaciones`, {})
        .then((r) => r.data),
    onSuccess: (created) => {
      queryClient.setQueryData<DataExport[]>(tiinsightsKeys.exports(), (old) =>
        old ? [created, ...old.filter((e) => e.id !== created.id)] : old,
      );
    },
  });
}
