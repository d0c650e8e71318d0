import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { PortalMessage, PortalTicketDetail } from './api/portal-api.ts';
import { PortalTicketPage } from './ticket-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

describe('portal ticket page', () => {
  it.each(['abc', '0', '1.5'])('shows "not found" for /portal/solicitud/%s without asking the server', async (id) => {
    const api = mockFetch(() => ({ status: 404, body: { message: 'No encontrado', errors: [] } }));
    renderWithProviders(
      <Routes>
        <Route path="/portal/solicitud/:solicitudId" element={<PortalTicketPage />} />
      </Routes>,
      { route: `/portal/solicitud/${id}` },
    );
    expect(await screen.findByText('La solicitud no existe')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('a ticket the server does not find: one request (not the conversation), not-found with a way back', async () => {
    const api = mockFetch(() => ({ status: 404, body: { message: 'No encontrado', errors: [] } }));
    renderWithProviders(
      <Routes>
        <Route path="/portal/solicitud/:solicitudId" element={<PortalTicketPage />} />
      </Routes>,
      { route: '/portal/solicitud/99999' },
    );
    expect(await screen.findByText('La solicitud no existe')).toBeTruthy();
    expect(api.calls.map((c) => new URL(c.url).pathname)).toEqual([expect.stringMatching(/\/solicitudes\/99999$/)]);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/portal/inicio');
  });

  it("the conversation shows a message's photos as thumbnails that open the viewer; other files keep their chip", async () => {
    const ticket: PortalTicketDetail = {
      id: 5,
      code: 'S-PLD5',
      subject: 'Humedad en muro',
      state: 'en_proceso',
      origin: 'PWA',
      merged_into_id: null,
      unit: { id: 1, number: '101' },
      project: { id: 1, name: 'Parque' },
      progress: { total: 0, done: 0, percent: 0 },
      created_at: '2026-11-20T13:00:00.000Z',
      updated_at: '2026-11-20T13:00:00.000Z',
      tower: null,
      responsible: null,
      applicant: null,
      failures: [],
      visits: [],
      acs: [],
    };
    const message: PortalMessage = {
      id: 'm1',
      usuario: null,
      fecha: '2026-11-20T13:00:00.000Z',
      tipo: { nombre: 'Mensaje', kind: 'message' },
      text: 'Adjunto fotos',
      archivos: [
        { path: '1/2026/11/muro.jpg', name: 'muro.jpg' },
        { path: '1/2026/11/techo.png', name: 'techo.png' },
        { path: '1/2026/11/presupuesto.pdf', name: 'presupuesto.pdf' },
      ],
    };
    mockFetch((call) =>
      new URL(call.url).pathname.endsWith('/actividad')
        ? { body: { data: [message], total: 1, page: 1, rowsPerPage: 50 } }
        : { body: { data: ticket } },
    );
    renderWithProviders(
      <Routes>
        <Route path="/portal/solicitud/:solicitudId" element={<PortalTicketPage />} />
      </Routes>,
      { route: '/portal/solicitud/5' },
    );
    const thumbs = await screen.findAllByTestId('attachment-thumbnail');
    expect(thumbs).toHaveLength(2);
    expect(within(thumbs[0]!).getByRole('img').getAttribute('src')).toContain('1/2026/11/muro.thumb.webp');
    expect(
      within(screen.getByTestId('portal-messages')).getByRole('button', { name: /presupuesto\.pdf/ }),
    ).toBeTruthy();
    await userEvent.setup({ delay: null }).click(thumbs[0]!);
    const viewer = await screen.findByTestId('image-viewer');
    expect(within(viewer).getByText('muro.jpg')).toBeTruthy();
    expect(within(viewer).getByTestId('image-viewer-position').textContent).toBe('1 de 2');
  });
});
