import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CatalogueTree, UnitOption } from '#domain/tickets-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { session } from '../../../shared/session/session-store.ts';
import { ticketDetail } from '../test/fixtures.ts';
import { SolicitudCrearPage } from './solicitud-crear-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const owner = (id: number, name: string, last_name: string) => ({
  id,
  name,
  last_name,
  mail: null,
  phone: null,
  role: 'propietario',
});
const unit = (id: number, number: string, tower: string, owners: UnitOption['owners']): UnitOption => ({
  id,
  number,
  tower: { id: tower === 'Torre A' ? 1 : 2, name: tower },
  unit_type: 'Tipo A',
  delivery_date: '2024-03-05',
  delivery_state: null,
  owners,
});
const UNITS = [
  unit(77, '101', 'Torre A', [owner(9, 'Javiera', 'Castillo')]),
  unit(78, '102', 'Torre A', [owner(10, 'Pedro', 'Rojas')]),
  unit(79, '201', 'Torre B', []),
];
const TREE: CatalogueTree = {
  unit_type: { id: 1, name: 'Tipo A', category: null, surface: null },
  areas: [
    {
      id: 1,
      name: 'Interior',
      places: [
        {
          id: 2,
          name: 'Baño',
          items: [
            {
              id: 3,
              name: 'Muro',
              category: 'terminaciones',
              failures: [{ id: 4, name: 'Filtración', severity: 'grave' }],
            },
          ],
        },
      ],
    },
  ],
};
const path = (url: string) => new URL(url).pathname.replace('/api/v2/public/api/postventa', '');

function renderPage(answerPost: () => { status: number; body: unknown }) {
  const api = mockFetch((call) => {
    if (call.method === 'POST') return answerPost();
    const p = path(call.url);
    if (p === '/unidades') return { body: { data: UNITS } };
    if (p.startsWith('/catalogo/unidad/')) return { body: { data: TREE } };
    if (p === '/garantias') return { body: { data: { terms: [] } } };
    return { body: { data: [] } };
  });
  session.setProject(3);
  renderWithProviders(
    <Routes>
      <Route path="/warranties/solicitud/crear" element={<SolicitudCrearPage />} />
      <Route path="/warranties/solicitud/:id" element={<p data-testid="landed">ticket</p>} />
    </Routes>,
    { route: '/warranties/solicitud/crear', queryClient: clientWithUser(['postventa_crear', 'postventa_gestionar']) },
  );
  return api;
}

async function fillRequest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('field-subject'), 'Filtración en baño');
  await user.type(screen.getByTestId('field-message'), 'Humedad en el muro');
}
async function addFailure(user: ReturnType<typeof userEvent.setup>, description: string) {
  await user.click(screen.getByTestId('create-failure-add'));
  const dialog = await screen.findByTestId('failure-form');
  await waitFor(() => expect(within(dialog).getAllByRole('option', { name: 'Baño' }).length).toBe(1));
  await user.selectOptions(within(dialog).getByTestId('failure-place'), '2');
  await user.selectOptions(within(dialog).getByTestId('failure-item'), '3');
  await user.selectOptions(within(dialog).getByTestId('failure-detail'), '4');
  await user.type(within(dialog).getByRole('textbox', { name: /Descripción/ }), description);
  await user.click(within(dialog).getByTestId('failure-save'));
  await waitFor(() => expect(screen.queryByTestId('failure-form')).toBeNull());
}

describe('solicitud/crear: the ticket and its failures in one step (docs/product.md#ticket-screens)', () => {
  it('finds the unit by owner name, registers failures before saving and sends them with the ticket', async () => {
    const api = renderPage(() => ({ status: 201, body: { data: ticketDetail({ id: 40, code: 'PLD-00040' }) } }));
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getAllByTestId('unit-option')).toHaveLength(3));
    expect((screen.getByTestId('create-failure-add') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('unit-search'), 'castillo');
    await waitFor(() => expect(screen.getAllByTestId('unit-option')).toHaveLength(1));
    expect(screen.getByTestId('unit-option').textContent).toContain('Javiera Castillo');
    await user.click(within(screen.getByTestId('unit-option')).getByRole('radio'));
    await addFailure(user, 'Mancha junto a la ducha');
    await addFailure(user, 'Pintura soplada');
    expect(screen.getAllByTestId('create-failure')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: /Quitar la falla/ })[1]);
    expect(screen.getAllByTestId('create-failure')).toHaveLength(1);
    await fillRequest(user);
    await user.click(screen.getByTestId('ticket-save'));
    await screen.findByTestId('landed');
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(path(post.url)).toBe('/solicitudes');
    expect(post.body).toMatchObject({
      unit_id: 77,
      applicant_owner_id: 9,
      failures: [{ failure_type_id: 4, description: 'Mancha junto a la ducha', attachments: [] }],
    });
  });

  it("shows the server's 422 on the failure it concerns", async () => {
    renderPage(() => ({
      status: 422,
      body: {
        message: 'Revise los campos',
        errors: ['La falla no pertenece al catálogo del tipo de unidad'],
        fields: { 'failures.0.failure_type_id': 'La falla no pertenece al catálogo del tipo de unidad' },
      },
    }));
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getAllByTestId('unit-option')).toHaveLength(3));
    await user.click(within(screen.getAllByTestId('unit-option')[0]).getByRole('radio'));
    await addFailure(user, 'Mancha');
    await fillRequest(user);
    await user.click(screen.getByTestId('ticket-save'));
    const row = screen.getByTestId('create-failure');
    await waitFor(() => expect(row.textContent).toContain('La falla no pertenece al catálogo del tipo de unidad'));
  });
});
