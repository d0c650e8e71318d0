import type { Permission } from './permissions.ts';

/** docs/product.md §2 config integraciones: who configures the company's integrations, API apps and webhooks. */
export const CONFIG_INTEGRATIONS = 'config_integraciones' satisfies Permission;
