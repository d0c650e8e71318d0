import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MOBILE_BANNER_DISMISSED_KEY, MobileAppBanner } from './mobile-app-banner.tsx';

const links = {
  android: 'https://play.google.com/store/apps/details?id=cl.example.postventa',
  ios: null,
  apk: '/descargas/postventa.apk',
  help: 'https://ayuda.example.cl/app',
};

describe('MobileAppBanner (docs/product.md §2 module banner in /warranties)', () => {
  beforeEach(() => localStorage.removeItem(MOBILE_BANNER_DISMISSED_KEY));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the configured links only, and stays closed once closed', async () => {
    const api = mockFetch(() => ({ body: { data: links } }));
    const first = renderWithProviders(<MobileAppBanner />);
    const banner = await screen.findByRole('region', { name: 'Postventa QA en su teléfono' });
    expect(api.last().url).toContain('/home/app-movil');
    const hrefs = within(banner)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([links.android, links.apk, links.help]);
    await userEvent.click(within(banner).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('region', { name: 'Postventa QA en su teléfono' })).toBeNull();
    expect(localStorage.getItem(MOBILE_BANNER_DISMISSED_KEY)).toBe('1');
    first.unmount();
    const calls = api.calls.length;
    renderWithProviders(<MobileAppBanner />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(api.calls.length).toBe(calls);
  });

  it('is not shown when the deployment configured no link', async () => {
    const api = mockFetch(() => ({ body: { data: { android: null, ios: null, apk: null, help: null } } }));
    const { container } = renderWithProviders(<MobileAppBanner />);
    await waitFor(() => expect(api.calls.length).toBe(1));
    expect(container.textContent).toBe('');
  });
});
