/** Public surface of the integrations module: its pages, lazy-loaded by the route table. */
export { HubspotPage } from './hubspot/hubspot-page.tsx';
