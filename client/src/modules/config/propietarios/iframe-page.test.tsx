import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { authUserQuery, type AuthUser } from '../../../app/session/auth-user.ts';
import { session } from '../../../app/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { IframeConfigPage } from './iframe-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

function renderPage(iframe: { enabled: boolean; allowed_origins: string[]; frame_ancestors: string }) {
  mockFetch(() => ({ body: { data: iframe } }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authUserQuery.queryKey, {
    grupo: { permisos: { config_propietarios: true } }, company: { id: 1, name: 'Demo', country: 'CL' },
    proyectos: [{ id: 7, name: 'Condominio Alto Macul', address_full: '', image_url: null, is_closed: false, is_blocked: false }],
  } as unknown as AuthUser);
  return renderWithProviders(<IframeConfigPage />, { route: '/config/propietarios/iframe', queryClient });
}

// Issue 6 §7: the owner portal embedded in the company's site, framed only by the allowed origins.
describe('config propietarios iframe', () => {
  beforeEach(() => { localStorage.clear(); session.reset(); session.setProject(7); });
  afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

  it('shows the policy in force and the snippet that embeds this project\'s portal', async () => {
    renderPage({ enabled: true, allowed_origins: ['https://www.cordillera.cl'], frame_ancestors: "'self' https://www.cordillera.cl" });
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
