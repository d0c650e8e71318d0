import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PortalTicketPage } from './ticket-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

describe('portal ticket page', () => {
  it.each(['abc', '0', '1.5'])('shows "not found" for /portal/solicitud/%s without asking the server', async (id) => {
    const api = mockFetch(() => ({ status: 404, body: { message: 'No encontrado', errors: [] } }));
    renderWithProviders(<Routes><Route path="/portal/solicitud/:solicitudId" element={<PortalTicketPage />} /></Routes>, { route: `/portal/solicitud/${id}` });
    expect(await screen.findByText('La solicitud no existe')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('a ticket the server does not find: one request (not the conversation), not-found with a way back', async () => {
    const api = mockFetch(() => ({ status: 404, body: { message: 'No encontrado', errors: [] } }));
    renderWithProviders(<Routes><Route path="/portal/solicitud/:solicitudId" element={<PortalTicketPage />} /></Routes>, { route: '/portal/solicitud/99999' });
    expect(await screen.findByText('La solicitud no existe')).toBeTruthy();
    expect(api.calls.map((c) => new URL(c.url).pathname)).toEqual([expect.stringMatching(/\/solicitudes\/99999$/)]);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/portal/inicio');
  });
});
