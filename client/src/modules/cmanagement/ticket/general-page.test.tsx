import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { CM_MANAGE } from '#domain/cmanagement';
import type { CmTicketDetail } from '#domain/cmanagement-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { category, fieldRow, people, ticketRow } from '../test/fixtures.ts';
import { TicketGeneralPage } from './general-page.tsx';
import { TicketLayout } from './ticket-layout.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const detail: CmTicketDetail = {
  ...ticketRow(31, 'en_curso', { custom_values: { '1': 'Torre B' } }),
  description: 'Revisar la losa del piso 3',
  watchers: [],
  created_by: null,
  attachments: [],
  blocked_reason: null,
  allowed_events: ['cmTicket.block', 'cmTicket.resolve'],
  field_files: [],
};
const fields = [fieldRow(1, { type: 'text', name: 'Sector', required: true })];

function serve() {
  return mockFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path.endsWith('/cmanagement/tickets/31') && call.method === 'PATCH')
      return { body: { data: { ...detail, ...(call.body as object) } } };
    if (path.endsWith('/cmanagement/tickets/31')) return { body: { data: detail } };
    if (path.endsWith('/cmanagement/tickets/31/comentarios'))
      return {
        body: {
          data: [
            { id: 1, author: null, body: 'Visto con @[Ana Pérez](7)', mentions: [7], created_at: detail.created_at },
          ],
        },
      };
    if (path.endsWith('/cmanagement/categorias')) return { body: { data: [category] } };
    if (path.endsWith('/cmanagement/categorias/9/campos')) return { body: { data: fields } };
    if (path.endsWith('/cmanagement/personas')) return { body: { data: people } };
    return { body: { data: [] } };
  });
}

function renderTicket() {
  return renderWithProviders(
    <Routes>
      <Route path="/cmanagement/tickets/:ticketId" element={<TicketLayout />}>
        <Route path="general" element={<TicketGeneralPage />} />
      </Route>
    </Routes>,
    { route: '/cmanagement/tickets/31/general', queryClient: clientWithUser([CM_MANAGE]) },
  );
}

describe('ticket page, general tab', () => {
  it('shows the header with the actions the machine allows, the fields with their answers and the comments', async () => {
    serve();
    renderTicket();
    expect((await screen.findByTestId('ticket-code')).textContent).toBe('CM-31');
    const actions = screen.getByTestId('ticket-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bloquear', 'Resolver']);
    expect(screen.getByRole('tab', { name: 'General' })).toBeTruthy();
    expect(((await screen.findByTestId('custom-field-1')) as HTMLInputElement).value).toBe('Torre B');
    expect((await screen.findByTestId('mention-chip')).textContent).toBe('@Ana Pérez');
  });

  it('saves the edited fields and custom answers with PATCH', async () => {
    const api = serve();
    renderTicket();
    const sector = (await screen.findByTestId('custom-field-1')) as HTMLInputElement;
    await userEvent.clear(sector);
    await userEvent.type(sector, 'Torre C');
    await userEvent.click(screen.getByTestId('ticket-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ title: 'Ticket 31', category_id: 9, custom_values: { '1': 'Torre C' } });
  });
});
