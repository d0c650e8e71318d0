import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupI18n } from '../shared/i18n.ts';

setupI18n('es');
// findBy*/waitFor wait up to 5 s: on a loaded 2-core machine a page's first render can pass the default second.
configure({ asyncUtilTimeout: 5_000 });
/**
 * Unmount, then let a dialog's focus trap hand focus back before the next test. zag's trap returns focus in a
 * setTimeout(0) after it deactivates (node_modules/@zag-js/focus-trap/dist/focus-trap.mjs, `finishDeactivation`),
 * while the next test's dialog activates its trap in a requestAnimationFrame, which happy-dom runs as a setImmediate.
 * When the new trap won, the old one's late focus landed on <body>, and the new dialog's dismissable layer read it as
 * a focus outside and closed itself. Waiting one timer runs that pending focus return first (same-delay timers run in
 * order).
 */
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

// happy-dom lacks these; Chakra (Ark UI) and widgets use them.
if (!('ResizeObserver' in globalThis)) {
  (globalThis as Record<string, unknown>).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
