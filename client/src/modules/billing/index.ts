/** Public surface of the billing module: its pages, lazy-loaded by the route table. */
export { BillingPage } from './billing-page.tsx';
