import type { BillingOverview } from '#domain/billing-responses';
import type { CompanyHealth, CompanyHealthDetail, DataExport } from '#domain/insights-responses';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';

export type TiinsightsState = {
  companies?: CompanyHealth[];
  detail?: CompanyHealthDetail;
  billing?: BillingOverview;
  exports?: DataExport[];
};

/** The tiinsights routes over a state; writes go to `write` (404 without it). */
export function mockTiinsightsApi(state: TiinsightsState, write?: (call: RecordedCall, path: string) => MockAnswer) {
  return mockFetch((call) => {
    const path = /\/tiinsights\/(.+)$/.exec(new URL(call.url).pathname)?.[1] ?? '';
    if (call.method === 'GET') {
      if (path === 'empresas') return { body: { data: state.companies ?? [] } };
      if (/^empresas\/\d+$/.test(path) && state.detail) return { body: { data: state.detail } };
      if (/^empresas\/\d+\/facturacion$/.test(path) && state.billing) return { body: { data: state.billing } };
      if (path === 'exportaciones') return { body: { data: state.exports ?? [] } };
      return { status: 404, body: { message: 'No encontrado' } };
    }
    return write?.(call, path) ?? { status: 404, body: { message: 'No encontrado' } };
  });
}

/** A desktop (every min-width media query matches) or a phone (none does). */
export const screenWidth = (wide: boolean) => ({
  matchMedia: (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }),
});
