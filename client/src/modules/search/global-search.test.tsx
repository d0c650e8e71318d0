import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { GlobalSearch } from '#domain/search-responses';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { clientWithUser } from '../../test/users.ts';
import { SearchSlot } from '../../app/layout/search-slot.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const project = { id: 3, name: 'Edificio Parque' };
const answer: GlobalSearch = {
  tickets: [{ id: 41, code: 'EPL-0041', subject: 'Filtración en baño', project, unit_number: '1203' }],
  units: [{ id: 7, number: '1203', tower: 'Torre A', project, delivery_state: 'por_entregar' }],
  owners: [{ id: 9, full_name: 'Javiera Castillo', rut: '12.345.678-5', unit_id: 8, unit_number: '1204', project }],
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function setup(permisos = ['modulo_postventa', 'modulo_entregas'], body: GlobalSearch = answer) {
  const fetch = mockFetch(() => ({ body: { data: body } }));
  renderWithProviders(
    <>
      <SearchSlot />
      <Where />
    </>,
    { queryClient: clientWithUser(permisos), route: '/home' },
  );
  return fetch;
}

describe('global search (docs/product.md §9 Global search and shortcuts)', () => {
  it('opens with Ctrl+K, sends the typed term once, groups the results and opens the chosen one with arrows and Enter', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByTestId('global-search-input');
    expect(screen.getByTestId('global-search-hint').textContent).toContain('al menos 2');
    await user.type(input, 'filtr');
    await waitFor(() => expect(screen.getAllByTestId('global-search-hit')).toHaveLength(3));
    expect(fetch.calls).toHaveLength(1);
    expect(new URL(fetch.last().url).pathname).toBe('/api/v2/public/api/buscar');
    expect(new URL(fetch.last().url).searchParams.get('q')).toBe('filtr');
    expect(screen.getByRole('group', { name: 'Solicitudes' }).textContent).toContain('EPL-0041 · Filtración en baño');
    expect(screen.getByRole('group', { name: 'Unidades' }).textContent).toContain('Unidad 1203');
    expect(screen.getByRole('group', { name: 'Propietarios' }).textContent).toContain('Javiera Castillo');
    const hits = screen.getAllByRole('option');
    expect(hits[0].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(hits[2].getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(hits[2].id);
    await user.keyboard('{Enter}');
    // An owner opens the ficha of their unit, and the dialog closes.
    expect(screen.getByTestId('where').textContent).toContain('/warranties/ficha/8');
    await waitFor(() => expect(screen.queryByTestId('global-search')).toBeNull());
  });

  it('opens from the top-bar button; a ticket opens its solicitud; ArrowUp wraps to the last result', async () => {
    setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Buscar en todo' }));
    await user.type(await screen.findByTestId('global-search-input'), 'EPL');
    await waitFor(() => expect(screen.getAllByTestId('global-search-hit')).toHaveLength(3));
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[2].getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getAllByTestId('global-search-hit')[0]);
    expect(screen.getByTestId('where').textContent).toContain('/warranties/solicitud/41');
  });

  it('says when nothing matches and never calls for one character', async () => {
    const fetch = setup(undefined, { tickets: [], units: [], owners: [] });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('open-global-search'));
    const input = await screen.findByTestId('global-search-input');
    await user.type(input, 'z');
    await new Promise((r) => setTimeout(r, 400));
    expect(fetch.calls).toHaveLength(0);
    await user.type(input, 'z');
    expect((await screen.findByTestId('global-search-empty')).textContent).toContain('No hay resultados.');
  });

  it('is not offered to users without an after-sales or deliveries permission', () => {
    setup(['modulo_calidad']);
    expect(screen.queryByTestId('open-global-search')).toBeNull();
  });
});
