import type { ModuleRegistry } from '../../registry.ts';
import { registerWebhooks } from './webhooks/register.ts';

/**
 * The integrations module's public face (docs/modules.md §3) and what it adds to checks other parts own, called
 * once where the process is assembled (server/src/modules.ts): the webhooks' consumer and sender. API apps register
 * nothing: their public API is mounted by server/src/app.ts.
 */
export function registerIntegrations(registry: ModuleRegistry): void {
  registerWebhooks(registry);
}
