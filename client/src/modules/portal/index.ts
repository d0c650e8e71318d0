/** Public surface of the owner portal (docs/product.md#owner-portal): its pages, lazy-loaded by the route table. */
export { PortalLayout } from './portal-layout.tsx';
export { PortalLoginPage } from './login-page.tsx';
export { PortalAccessPage } from './access-page.tsx';
export { PortalHomePage } from './home-page.tsx';
export { PortalCreatePage } from './create-page.tsx';
export { PortalTicketPage } from './ticket-page.tsx';
