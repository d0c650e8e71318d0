import { useEffect } from 'react';
import { registerPortalServiceWorker } from './register-service-worker.ts';

/**
 * What makes the portal installable (docs/product.md#owner-portal, installable app): the manifest for
 * Android and desktop, the apple-touch-icon and web-app tags iOS reads on "Add to Home Screen", and the
 * service worker. React hoists these tags into <head> while the portal is shown; staff pages have none.
 */
export function PortalAppHead() {
  useEffect(() => registerPortalServiceWorker(), []);
  return (
    <>
      <link rel="manifest" href="/portal/manifest.webmanifest" />
      <link rel="apple-touch-icon" href="/portal/icons/apple-touch-icon.png" />
      <meta name="theme-color" content="#1f64b5" />
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content="Postventa" />
      <meta name="apple-mobile-web-app-status-bar-style" content="default" />
    </>
  );
}
