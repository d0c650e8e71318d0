/** Public surface of the quality module: its pages, lazy-loaded by the route table. */
export { QualityPage } from './quality-page.tsx';
