/** Public surface of the fichas list (SPEC §2 /warranties/fichas), lazy-loaded by the route table. */
export { FichasPage } from './fichas-page.tsx';
