/** Public surface of the integrations module: its pages (lazy-loaded by the route table) and reusable widgets. */
export { IntegrationsIndexPage } from './overview/integrations-index-page.tsx';
export { RequestActivationButton } from './overview/request-activation-button.tsx';
export { ApiReferencePage } from './api-apps/api-reference-page.tsx';
export { ApiAppsPage } from './api-apps/apps-page.tsx';
export { ApiAppLayout } from './api-apps/app-layout.tsx';
export { AppHooksPage } from './api-apps/app-hooks-page.tsx';
export { AppLogsPage } from './api-apps/app-logs-page.tsx';
export { WebhooksPage } from './webhooks/webhooks-page.tsx';
export { WebhookApplicationsPanel } from './webhooks/applications-panel.tsx';
export { MyCalendarPage, SchedulingPage } from './calendar/scheduling-page.tsx';
export { HubspotPage } from './hubspot/hubspot-page.tsx';
export { ProcorePage } from './procore/procore-page.tsx';
