/** Public surface of the integrations module: its pages (lazy-loaded by the route table) and reusable panels. */
export { WebhooksPage } from './webhooks/webhooks-page.tsx';
export { WebhookApplicationsPanel } from './webhooks/applications-panel.tsx';
