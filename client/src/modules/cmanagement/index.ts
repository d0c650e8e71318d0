/** Public surface of the cmanagement module: its pages, lazy-loaded by the route table. */
export { CmanagementPage } from './cmanagement-page.tsx';
