/** Public surface of the verifications module: its pages, lazy-loaded by the route table. */
export { VerificationsPage } from './verifications-page.tsx';
