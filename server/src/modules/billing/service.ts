import type { ModuleRegistry } from '../../registry.ts';

/** Billing's public face for other modules (docs/modules.md §3) and its registration in server/src/modules.ts. */
export function registerBilling(_registry: ModuleRegistry): void {}
