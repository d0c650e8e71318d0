/** Public surface of the cbox module: its pages, lazy-loaded by the route table. */
export { CboxPage } from './cbox-page.tsx';
