/** Public surface of the integrations module: its pages, lazy-loaded by the route table, and shared widgets. */
export { IntegrationsIndexPage } from './overview/integrations-index-page.tsx';
export { RequestActivationButton } from './overview/request-activation-button.tsx';
