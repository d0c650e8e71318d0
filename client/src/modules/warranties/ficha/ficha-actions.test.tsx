import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { authUserQuery, type AuthUser } from '../../../shared/session/auth-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { FichaDetail } from './ficha-api.ts';
import { FichaActions } from './ficha-actions.tsx';

vi.setConfig({ testTimeout: 20_000 });

const ficha = (over: Partial<FichaDetail>): FichaDetail => ({
  id: 5, unit: '104-B', project: { id: 1, name: 'Condominio Alto Macul' }, tower: null, floor: null, unit_type: null, responsible: null,
  schedule: null, scheduled_delivery_at: null, delivery_date: null, pending_failures: 0, state: 'por_entregar',
  is_passed_to_after_sales: false, after_sales_ticket: null, owners_count: 1, ...over,
});

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
    expect(labels(renderActions(ficha({}), { entregas_gestionar: true }))).toEqual(['Agendar entrega', 'Entregar', 'Limpiar']);
  });

  it('a delivered unit with pending failures offers return to new, clean and pass to after-sales', () => {
    const f = ficha({ state: 'entregada_obs', delivery_date: '2026-03-02', pending_failures: 2 });
    expect(labels(renderActions(f, { entregas_gestionar: true, postventa_crear: true }))).toEqual(['Volver a nueva', 'Limpiar', 'Pasar a postventa']);
  });

  it('pass to after-sales creates a ticket: a manager who may not create tickets is not offered it (domain/fichas.ts)', () => {
    const f = ficha({ state: 'entregada_obs', delivery_date: '2026-03-02', pending_failures: 2 });
    expect(labels(renderActions(f, { entregas_gestionar: true }))).toEqual(['Volver a nueva', 'Limpiar']);
  });

  it('an inspector (revision only) can deliver but not schedule or undo', () => {
    expect(labels(renderActions(ficha({}), { entregas_revision: true }))).toEqual(['Entregar']);
  });

  it('nothing is offered to an inspector once the unit is delivered (undoing is the manager\'s)', () => {
    expect(labels(renderActions(ficha({ state: 'entregada', delivery_date: '2026-03-02' }), { entregas_revision: true }))).toEqual([]);
  });

  it('a schedule to confirm can be confirmed or rejected on the owner\'s behalf', () => {
    const start = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const f = ficha({ schedule: { id: 9, state: 'por_confirmar', start_at: start, responsible_id: null }, scheduled_delivery_at: start });
    expect(labels(renderActions(f, { entregas_gestionar: true })).slice(0, 2)).toEqual(['Confirmar agenda', 'Rechazar agenda']);
  });
});
