import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { PortalTicketDetail, PortalVisit } from './api/portal-api.ts';
import { PortalTicketPage } from './ticket-page.tsx';
import { VisitList } from './visit-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const managed: PortalVisit = {
  id: 12,
  ticket_id: 31,
  kind: 'OI',
  code: 'OI-PLD5',
  state: 'gestionada',
  start_at: '2026-05-04T13:00:00.000Z',
  end_at: null,
  responsible: { full_name: 'Valentina Muñoz' },
  owner_decision: 'confirmada',
  owner_decision_at: '2026-05-02T13:00:00.000Z',
  result_photos: [
    { path: '1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a10.png', name: 'muro.png', size: 10, type: 'image/png' },
    {
      path: '1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a11.png',
      name: 'muro (marcada).png',
      size: 10,
      type: 'image/png',
    },
  ],
  can_confirm: false,
  can_reject: false,
  deadline: null,
  is_before_deadline: false,
};

describe('owner portal visit cards: result photos (docs/product.md §2 image viewer)', { timeout: 20_000 }, () => {
  it('a managed visit shows its result photos inline; one opens in the viewer, with no Marcar for the owner', async () => {
    renderWithProviders(<VisitList visits={[managed]} />);
    const group = screen.getByRole('group', { name: 'Fotos del resultado de la visita' });
    const thumbs = within(group).getAllByTestId('attachment-thumbnail');
    expect(thumbs.map((b) => b.getAttribute('title'))).toEqual(['muro.png', 'muro (marcada).png']);
    await userEvent.click(thumbs[1]);
    expect(await screen.findByRole('img', { name: 'muro (marcada).png' })).toBeTruthy();
    expect(screen.getByTestId('image-viewer-position').textContent).toBe('2 de 2');
    expect(screen.queryByRole('button', { name: 'Marcar' })).toBeNull();
  });

  it('a visit without results shows no photo group', () => {
    renderWithProviders(<VisitList visits={[{ ...managed, state: 'agendada', result_photos: [] }]} />);
    expect(screen.queryByRole('group', { name: 'Fotos del resultado de la visita' })).toBeNull();
  });
});

describe('owner portal ticket: failure photos', { timeout: 20_000 }, () => {
  it('each failure shows its photos inline, marked copies beside their originals', async () => {
    const ticket: PortalTicketDetail = {
      id: 5,
      code: 'S-PLD5',
      subject: 'Humedad en muro',
      state: 'en_proceso',
      origin: 'PWA',
      merged_into_id: null,
      unit: { id: 1, number: '101' },
      project: { id: 1, name: 'Parque' },
      progress: { total: 1, done: 0, percent: 0 },
      created_at: '2026-11-20T13:00:00.000Z',
      updated_at: '2026-11-20T13:00:00.000Z',
      tower: null,
      responsible: null,
      applicant: null,
      acs: [],
      failures: [
        {
          id: 3,
          state: 'pendiente',
          place: { name: 'Baño' },
          item: { name: 'Muros' },
          detail: { name: 'Humedad' },
          description: '',
          attachments: managed.result_photos,
        },
      ],
      visits: [],
    };
    mockFetch((call) =>
      new URL(call.url).pathname.endsWith('/actividad')
        ? { body: { data: [], total: 0, page: 1, rowsPerPage: 50 } }
        : { body: { data: ticket } },
    );
    renderWithProviders(
      <Routes>
        <Route path="/portal/solicitud/:solicitudId" element={<PortalTicketPage />} />
      </Routes>,
      { route: '/portal/solicitud/5' },
    );
    const group = await screen.findByRole('group', { name: 'Fotos de la falla: Humedad' });
    expect(
      within(group)
        .getAllByTestId('attachment-thumbnail')
        .map((b) => b.getAttribute('title')),
    ).toEqual(['muro.png', 'muro (marcada).png']);
  });
});
