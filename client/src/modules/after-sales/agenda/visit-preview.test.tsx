import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { agendaEvent, orderView } from '../test/fixtures.ts';
import { AgendaLegend } from './agenda-legend.tsx';
import { previewActions, VisitPreview } from './visit-preview.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const anchor = () => {
  const el = document.createElement('button');
  document.body.append(el);
  return el;
};

describe("the agenda's visit preview", () => {
  it('offers confirm and cancel only where the order machine allows them', () => {
    expect(previewActions(agendaEvent({ state: 'agendada' }))).toEqual(['order.confirm', 'order.cancel']);
    expect(previewActions(agendaEvent({ state: 'confirmada' }))).toEqual(['order.cancel']);
    expect(previewActions(agendaEvent({ state: 'gestionada' }))).toEqual([]);
    expect(previewActions(agendaEvent({ state: 'finalizada' }))).toEqual([]);
  });

  it('shows the ticket, unit, owner, state, responsible and time, and confirms through the order API', async () => {
    const api = mockFetch(() => ({ body: { data: orderView({ id: 7, ticket_id: 31, state: 'confirmada' }) } }));
    const onClose = vi.fn();
    const el = anchor();
    renderWithProviders(
      <VisitPreview
        target={{ visit: agendaEvent(), anchor: el.getBoundingClientRect(), returnFocus: el }}
        canManage
        onClose={onClose}
      />,
      { queryClient: clientWithUser(['postventa_gestionar']) },
    );
    const preview = await screen.findByTestId('visit-preview');
    for (const text of ['OI-PLD7 · PLD-00031', 'Filtración en baño', 'Javiera Castillo Morales', 'Agendada']) {
      expect(preview.textContent).toContain(text);
    }
    expect(preview.textContent).toContain('Valentina Muñoz');
    expect(preview.textContent).toContain('101-A · Edificio Parque');
    await userEvent.click(screen.getByTestId('preview-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url).pathname).toMatch(/\/postventa\/solicitudes\/31\/oi\/7\/confirmar$/);
  });

  it('without the manage permission it only links; opening moves the focus in, Escape closes it', async () => {
    mockFetch();
    const onClose = vi.fn();
    const el = anchor();
    const target = { visit: agendaEvent(), anchor: el.getBoundingClientRect(), returnFocus: el };
    const view = renderWithProviders(<VisitPreview target={null} canManage={false} onClose={onClose} />, {
      queryClient: clientWithUser([]),
    });
    view.rerender(<VisitPreview target={target} canManage={false} onClose={onClose} />);
    await screen.findByTestId('visit-preview');
    expect(screen.queryByTestId('preview-confirm')).toBeNull();
    expect(screen.getByRole('button', { name: 'Abrir solicitud' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('visit-preview').contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('the agenda legend', () => {
  it('names each responsible once with their colour, and the states and overlaps', () => {
    renderWithProviders(
      <AgendaLegend
        events={[
          agendaEvent({ id: 1 }),
          agendaEvent({ id: 2 }),
          agendaEvent({
            id: 3,
            responsible: { id: 9, full_name: 'Ana Díaz', acronym: 'AD', color: '#ff0000', is_enabled: true },
          }),
          agendaEvent({ id: 4, responsible: null }),
        ]}
      />,
    );
    const people = screen.getAllByTestId('legend-person').map((p) => p.textContent);
    expect(people).toEqual(['Ana Díaz', 'Valentina Muñoz', 'Sin responsable']);
    const legend = screen.getByTestId('agenda-legend');
    for (const text of ['Agendada', 'Confirmada', 'Gestionada o finalizada', 'Se superpone'])
      expect(legend.textContent).toContain(text);
  });
});
