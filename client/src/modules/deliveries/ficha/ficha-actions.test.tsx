import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { authUserQuery, type AuthUser } from '../../../api/session/auth-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fichaDetailQuery, type FichaDetail } from '../api/ficha-api.ts';
import { FichaActions } from './ficha-actions.tsx';
import { fichaDetail, scheduleView } from '../test/fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });

function renderActions(f: FichaDetail, permisos: Record<string, boolean>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authUserQuery.queryKey, { grupo: { permisos }, proyectos: [] } as unknown as AuthUser);
  renderWithProviders(<FichaActions ficha={f} />, { queryClient });
  return screen.getByTestId('ficha-actions').querySelectorAll('button');
}
const labels = (buttons: NodeListOf<HTMLButtonElement>) => [...buttons].map((b) => b.textContent);

// docs/product.md §4 Ficha + docs/architecture.md §5: the buttons come from the ficha machine, then the user's permissions.
describe('ficha header buttons (docs/product.md §4)', () => {
  it('a manager sees schedule, deliver and clean on a unit to deliver', () => {
    expect(labels(renderActions(fichaDetail({}), { entregas_gestionar: true }))).toEqual([
      'Agendar entrega',
      'Entregar',
      'Limpiar',
    ]);
  });

  it('a delivered unit with pending failures offers return to new, clean and pass to after-sales', () => {
    const f = fichaDetail({ state: 'entregada_obs', delivery_date: '2026-03-02', pending_failures: 2 });
    expect(labels(renderActions(f, { entregas_gestionar: true, postventa_crear: true }))).toEqual([
      'Volver a nueva',
      'Limpiar',
      'Pasar a postventa',
    ]);
  });

  it('pass to after-sales creates a ticket: a manager who may not create tickets is not offered it (domain/fichas.ts)', () => {
    const f = fichaDetail({ state: 'entregada_obs', delivery_date: '2026-03-02', pending_failures: 2 });
    expect(labels(renderActions(f, { entregas_gestionar: true }))).toEqual(['Volver a nueva', 'Limpiar']);
  });

  it('an inspector (revision only) can deliver but not schedule or undo', () => {
    expect(labels(renderActions(fichaDetail({}), { entregas_revision: true }))).toEqual(['Entregar']);
  });

  it("nothing is offered to an inspector once the unit is delivered (undoing is the manager's)", () => {
    expect(
      labels(
        renderActions(fichaDetail({ state: 'entregada', delivery_date: '2026-03-02' }), { entregas_revision: true }),
      ),
    ).toEqual([]);
  });

  it("a schedule to confirm can be confirmed or rejected on the owner's behalf", () => {
    const start = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const f = fichaDetail({ schedule: scheduleView({ start_at: start }), scheduled_delivery_at: start });
    expect(labels(renderActions(f, { entregas_gestionar: true })).slice(0, 2)).toEqual([
      'Confirmar agenda',
      'Rechazar agenda',
    ]);
  });
});

describe('ficha header actions: the hooks write the answer, the header closes its dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pass to after-sales asks first, writes the answered ficha and opens the new ticket', async () => {
    const passed = fichaDetail({ state: 'entregada_obs', delivery_date: '2026-03-02', is_passed_to_after_sales: true });
    const f = mockFetch(() => ({ status: 201, body: { data: { ...passed, ticket: { id: 77, code: 'PLD-00077' } } } }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(authUserQuery.queryKey, {
      grupo: { permisos: { entregas_gestionar: true, postventa_crear: true } },
      proyectos: [],
    } as unknown as AuthUser);
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <FichaActions
              ficha={fichaDetail({ state: 'entregada_obs', delivery_date: '2026-03-02', pending_failures: 2 })}
            />
          }
        />
        <Route path="/warranties/solicitud/:id" element={<output data-testid="ticket-page" />} />
      </Routes>,
      { queryClient },
    );
    await userEvent.click(screen.getByTestId('action-pass_to_after_sales'));
    expect(f.calls).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await screen.findByTestId('ticket-page');
    expect(f.last()).toMatchObject({
      method: 'POST',
      url: expect.stringContaining('entregas/fichas/5/pasar-a-postventa'),
    });
    await waitFor(() => expect(queryClient.getQueryData(fichaDetailQuery(5).queryKey)).toEqual(passed));
  });
});
