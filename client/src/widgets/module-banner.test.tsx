import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { ModuleBanner } from './module-banner.tsx';

const links = {
  android: 'https://play.google.com/store/apps/details?id=cl.example.postventa',
  ios: 'https://apps.apple.com/cl/app/postventa/id123',
  apk: 'https://downloads.example.cl/postventa.apk',
  help: 'https://ayuda.example.cl/articulos/app-movil',
};

describe('ModuleBanner (docs/product.md §2: Android and iOS stores, direct apk, help article)', () => {
  it('links to the stores, the apk and the help article in new tabs', () => {
    renderWithProviders(
      <ModuleBanner title="Postventa en su teléfono" description="Gestione solicitudes desde terreno" links={links} />,
    );
    const banner = screen.getByRole('region', { name: 'Postventa en su teléfono' });
    expect(within(banner).getByRole('heading', { name: 'Postventa en su teléfono' })).toBeTruthy();
    expect(within(banner).getByText('Gestione solicitudes desde terreno')).toBeTruthy();
    const expected: [RegExp, string][] = [
      [/^Descargar en Google Play/, links.android],
      [/^Descargar en App Store/, links.ios],
      [/^Descargar APK/, links.apk],
      [/^Ver ayuda/, links.help],
    ];
    const anchors = within(banner).getAllByRole('link');
    expect(anchors).toHaveLength(4);
    expected.forEach(([name, href], i) => {
      const a = anchors[i]!;
      expect(a.textContent).toMatch(name);
      expect(a.getAttribute('href')).toBe(href);
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.textContent).toContain('(se abre en una pestaña nueva)');
    });
  });

  it('shows only the links it is given', () => {
    renderWithProviders(<ModuleBanner title="App" links={{ android: links.android, help: null }} />);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /App Store/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /APK/ })).toBeNull();
  });

  it('offers a close button only when the caller handles dismissal', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    const { rerender } = renderWithProviders(<ModuleBanner title="App" links={links} />);
    expect(screen.queryByRole('button', { name: 'Cerrar aviso' })).toBeNull();
    rerender(<ModuleBanner title="App" links={links} onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
