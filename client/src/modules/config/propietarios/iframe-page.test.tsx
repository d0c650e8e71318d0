import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderConfigPage } from './render-config-page.tsx';
import { IframeConfigPage } from './iframe-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

function renderPage(iframe: { enabled: boolean; allowed_origins: string[]; frame_ancestors: string }) {
  mockFetch(() => ({ body: { data: iframe } }));
  return renderConfigPage(<IframeConfigPage />, '/config/propietarios/iframe', { projectId: 7 });
}

// docs/product.md#owner-portal: the owner portal embedded in the company's site, framed only by the allowed origins.
describe('config propietarios iframe', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.setProject(7);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the policy in force and the snippet that embeds this project's portal", async () => {
    renderPage({
      enabled: true,
      allowed_origins: ['https://www.cordillera.cl'],
      frame_ancestors: "'self' https://www.cordillera.cl",
    });
    const snippet = await screen.findByTestId('cfg-iframe-embed');
    expect(snippet.textContent).toContain(`src="${window.location.origin}/portal?proyecto=7"`);
    expect(snippet.textContent).toMatch(/^<iframe .*><\/iframe>$/);
    expect(screen.getByText("'self' https://www.cordillera.cl")).toBeTruthy();
  });

  it('offers no snippet while embedding is off', async () => {
    renderPage({ enabled: false, allowed_origins: [], frame_ancestors: "'self'" });
    await screen.findByText("'self'");
    expect(screen.queryByTestId('cfg-iframe-embed')).toBeNull();
  });
});
