import { WebhookApplicationsPanel } from '../webhooks/applications-panel.tsx';
import { useAppIdParam } from './use-app-id.ts';

/**
 * docs/product.md §2 config integraciones apps/{appId}/hooks: the webhook applications of this API app (created here
 * tied to it). The app's header and tabs are ApiAppLayout's; the panel is the webhooks sub-feature's.
 */
export function AppHooksPage() {
  return <WebhookApplicationsPanel apiAppId={useAppIdParam()} />;
}
