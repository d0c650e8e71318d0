import { queryOptions } from '@tanstack/react-query';
import type { BillingOverview } from '#domain/billing-responses';
import type { CompanyHealth, CompanyHealthDetail, DataExport } from '#domain/insights-responses';
import { apiOrigin, apiV2, v2Url } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { tiinsightsKeys } from './keys.ts';

/** The internal insights routes (docs/api.md, Insights; server/src/modules/tiinsights), mounted at `tiinsights`. */
export const TIINSIGHTS_API = 'tiinsights';

const get = <T>(path: string, signal: AbortSignal) =>
  apiV2.get<DataEnvelope<T>>(`${TIINSIGHTS_API}/${path}`, { signal }).then((r) => r.data);

/** GET tiinsights/empresas: every company's health, worst first. */
export const companiesHealthQuery = () =>
  queryOptions({
    queryKey: tiinsightsKeys.companies(),
    queryFn: ({ signal }) => get<CompanyHealth[]>('empresas', signal),
  });

/** GET tiinsights/empresas/{companyId}: one company's health by hour and its last webhook failures. */
export const companyHealthQuery = (companyId: number) =>
  queryOptions({
    queryKey: tiinsightsKeys.company(companyId),
    queryFn: ({ signal }) => get<CompanyHealthDetail>(`empresas/${companyId}`, signal),
  });

/** GET tiinsights/empresas/{companyId}/facturacion: the company's billing overview as the provider sees it. */
export const providerBillingQuery = (companyId: number) =>
  queryOptions({
    queryKey: tiinsightsKeys.billing(companyId),
    queryFn: ({ signal }) => get<BillingOverview>(`empresas/${companyId}/facturacion`, signal),
  });

/** GET tiinsights/exportaciones: the last exports, newest first. */
export const exportsQuery = () =>
  queryOptions({
    queryKey: tiinsightsKeys.exports(),
    queryFn: ({ signal }) => get<DataExport[]>('exportaciones', signal),
  });

/** Any company's invoice PDF as the provider reads it (GET tiinsights/facturas/{invoiceId}/pdf). */
export const providerInvoicePdfHref = (invoiceId: number) => v2Url(`${TIINSIGHTS_API}/facturas/${invoiceId}/pdf`);

/** An export's signed link as the server gives it: a URL as is, an absolute path on the API's origin, else a v2 path. */
export const exportHref = (url: string) =>
  /^https?:/.test(url) ? url : url.startsWith('/') ? `${apiOrigin()}${url}` : v2Url(url);
