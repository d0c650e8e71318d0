/** Where the portal's worker is served (client/build/portal-service-worker.ts) and the only pages it controls. */
export const PORTAL_SW_URL = '/portal/sw.js';
export const PORTAL_SCOPE = '/portal/';

/**
 * Registers the portal's service worker (docs/operations.md#portal-service-worker) in production builds;
 * the dev server has no dist/portal/sw.js. Registering again is a no-op, so the portal's frame calls it on
 * every mount. A browser without workers, or one that refuses (private mode), keeps working online.
 */
export function registerPortalServiceWorker(isProduction = import.meta.env.PROD): void {
  if (!isProduction || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(PORTAL_SW_URL, { scope: PORTAL_SCOPE }).catch(() => undefined);
}
