import type { ModuleRegistry } from '../../registry.ts';
import { registerProcore } from './procore/register.ts';

/** What the integrations add to the process (server/src/modules.ts): each sub-feature's consumers and tasks. */
export function registerIntegrations(registry: ModuleRegistry): void {
  registerProcore(registry);
}
