/** Public surface of the ocinsights module: its pages, lazy-loaded by the route table. */
export { OcinsightsPage } from './ocinsights-page.tsx';
