import type { ModuleRegistry } from '../../registry.ts';

/**
 * The integrations module's public face (docs/modules.md §3) and what it adds to checks other parts own, called
 * once where the process is assembled (server/src/modules.ts). API apps register nothing: their public API is
 * mounted by server/src/app.ts.
 */
export function registerIntegrations(_registry: ModuleRegistry): void {}
