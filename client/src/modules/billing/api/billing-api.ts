import { queryOptions } from '@tanstack/react-query';
import type { BillingOverview } from '#domain/billing-responses';
import { apiV2, v2Url } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { billingKeys } from './keys.ts';

/** The customer's billing routes (docs/api.md, Billing; server/src/modules/billing), mounted at `facturacion`. */
export const BILLING_API = 'facturacion';

/** GET facturacion: what the caller's company pays for, what it used and what it was invoiced. */
export const billingOverviewQuery = () =>
  queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<BillingOverview>>(BILLING_API, { signal }).then((r) => r.data),
  });

/** One invoice's PDF as the company downloads it (GET facturacion/facturas/{invoiceId}/pdf). */
export const invoicePdfHref = (invoiceId: number) => v2Url(`${BILLING_API}/facturas/${invoiceId}/pdf`);
