import type { ModuleRegistry } from '../../registry.ts';
import { registerWebhooks } from './webhooks/register.ts';

/** The integrations' consumers and workers, registered once where the process is assembled (server/src/modules.ts). */
export function registerIntegrations(registry: ModuleRegistry): void {
  registerWebhooks(registry);
}
