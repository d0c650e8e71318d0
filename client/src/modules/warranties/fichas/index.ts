/** Public surface of the fichas list (docs/product.md §2 /warranties/fichas), lazy-loaded by the route table. */
export { FichasPage } from './fichas-page.tsx';
