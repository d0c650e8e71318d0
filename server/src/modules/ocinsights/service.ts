import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import type { ModuleRegistry } from '../../registry.ts';

/** Counts each API action of a signed-in user (server/src/api.ts uses it before the modules). */
export const usageMeter: MiddlewareHandler<AppEnv> = async (_c, next) => {
  await next();
};

/** Usage insights' public face for other modules (docs/modules.md §3) and its registration in server/src/modules.ts. */
export function registerOcinsights(_registry: ModuleRegistry): void {}
