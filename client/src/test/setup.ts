import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupI18n } from '../shared/i18n.ts';

setupI18n('es');
// findBy*/waitFor wait up to 5 s: on a loaded 2-core machine a page's first render can pass the default second.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => cleanup());

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
