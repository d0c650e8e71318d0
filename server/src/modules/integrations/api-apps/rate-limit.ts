import type { AppDeps } from '../../../http/context.ts';

/**
 * Requests per minute and app (docs/api.md "Public API": PUBLIC_API_RATE_PER_MINUTE, 120 by default), counted in
 * a fixed one-minute window in this process's memory: several processes behind a balancer each allow the limit.
 * Kept per deps, so each app instance (and each test's) counts on its own.
 */
type Window = { startedAt: number; count: number };
const windowsOf = new WeakMap<AppDeps, Map<number, Window>>();
const MINUTE_MS = 60_000;

/** Counts one request; undefined when it is allowed, else the seconds until the window reopens (Retry-After). */
export function takeRequest(deps: AppDeps, appId: number, now = Date.now()): number | undefined {
  let windows = windowsOf.get(deps);
  if (!windows) windowsOf.set(deps, (windows = new Map()));
  let window = windows.get(appId);
  if (!window || now - window.startedAt >= MINUTE_MS) {
    // Windows of apps that went quiet are dropped as others pass, so the map stays as large as the active apps.
    if (windows.size > 10_000) for (const [id, w] of windows) if (now - w.startedAt >= MINUTE_MS) windows.delete(id);
    window = { startedAt: now, count: 0 };
    windows.set(appId, window);
  }
  window.count += 1;
  if (window.count <= deps.config.publicApiRatePerMinute) return undefined;
  return Math.max(1, Math.ceil((window.startedAt + MINUTE_MS - now) / 1000));
}
