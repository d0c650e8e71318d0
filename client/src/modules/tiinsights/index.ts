/** Public surface of the tiinsights module: its pages, lazy-loaded by the route table. */
export { TiinsightsPage } from './tiinsights-page.tsx';
