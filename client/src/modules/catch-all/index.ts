/** Public surface of the catch-all module: its pages, lazy-loaded by the route table. */
export { CatchAllPage } from './catch-all-page.tsx';
