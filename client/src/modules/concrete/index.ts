/** Public surface of the concrete module: its pages, lazy-loaded by the route table. */
export { ConcretePage } from './concrete-page.tsx';
