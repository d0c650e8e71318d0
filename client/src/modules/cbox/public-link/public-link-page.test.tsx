import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CboxPublicLink } from '#domain/cbox-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PublicLinkPage } from './public-link-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const link: CboxPublicLink = {
  kind: 'folder',
  name: 'Obra Norte',
  company: 'Constructora Demo',
  expires_at: '2026-12-31T03:00:00.000Z',
  files: [
    { id: 7, name: 'acta.pdf', trail: [], size: 2048, type: 'application/pdf', extension: 'pdf' },
    {
      id: 9,
      name: 'plano.dwg',
      trail: ['Planos', 'Detalles'],
      size: 3_145_728,
      type: 'image/vnd.dwg',
      extension: 'dwg',
    },
  ],
};

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/compartido/:token" element={<PublicLinkPage />} />
    </Routes>,
    { route: `/compartido/${TOKEN}` },
  );
}

describe('a share link for people outside the company', () => {
  it('shows the company, the folder, until when, and each file with its size and a download', async () => {
    const api = mockFetch(() => ({ body: { data: link } }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Obra Norte' })).toBeTruthy();
    expect(screen.getByText('Compartido por Constructora Demo')).toBeTruthy();
    expect(screen.getByText(/Disponible hasta el/)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Archivos' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]).getByText(/Planos \/ Detalles · 3/)).toBeTruthy();
    const download = within(items[1]).getByRole('link', { name: 'Descargar plano.dwg' });
    expect(download.getAttribute('href')).toMatch(new RegExp(`/api/v2/public/cbox/${TOKEN}/archivos/9\\?download=1$`));
    expect(new URL(api.calls[0].url).pathname).toBe(`/api/v2/public/cbox/${TOKEN}`);
    // No session headers of the signed-in app travel to the public side.
    expect(api.calls[0].headers['x-requested-with']).toBeUndefined();
  });

  it('asks for the password, and shows the files once it is right', async () => {
    let unlocked = false;
    const api = mockFetch((call) => {
      if (call.method === 'POST') {
        if (call.body && (call.body as { password: string }).password === 'obra-2026') {
          unlocked = true;
          return { body: { data: { unlocked: true } } };
        }
        return { status: 401, body: { message: 'La contraseña no es correcta', errors: [], code: 'password_invalid' } };
      }
      return unlocked
        ? { body: { data: link } }
        : { status: 401, body: { message: 'Protegido', errors: [], code: 'password_required' } };
    });
    renderPage();
    const field = await screen.findByLabelText(/Contraseña/);
    await userEvent.type(field, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Ver archivos' }));
    expect(await screen.findByText('La contraseña no es correcta')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'obra-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Ver archivos' }));
    expect(await screen.findByRole('heading', { name: 'Obra Norte' })).toBeTruthy();
    const unlock = api.calls.find((c) => c.method === 'POST')!;
    expect(new URL(unlock.url).pathname).toBe(`/api/v2/public/cbox/${TOKEN}/acceso`);
  });

  it('says the link is not available when it is unknown, revoked or expired', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'No encontrado', errors: [] } }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Enlace no disponible' })).toBeTruthy();
  });
});
