/** Public surface of the billing module: its page, lazy-loaded by the route table, and the overview and figures /tiinsights shows. */
export { BillingPage } from './billing-page.tsx';
export { BillingOverviewView, type BillingOverviewViewProps } from './components/billing-overview-view.tsx';
export { InvoiceStateTag } from './components/invoice-state-tag.tsx';
export { Figure } from './components/figure.tsx';
export { moneyText, megabytesText, periodText } from './billing-figures.ts';
