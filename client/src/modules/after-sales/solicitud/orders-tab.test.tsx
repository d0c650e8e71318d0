import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { afterSalesKeys } from '../api/keys.ts';
import { orderView, ticketDetail } from '../test/fixtures.ts';
import { OrdersTab } from './orders-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
// docs/product.md §8 feedback: every after-sales write that changes something says so.
vi.mock('../../../api/notify.ts', async (original) => ({
  ...(await original<typeof import('../../../api/notify.ts')>()),
  showSuccessToast: vi.fn(),
}));
afterEach(() => vi.unstubAllGlobals());

const ROWS = [orderView(), orderView({ id: 8, code: 'OI-PLD8', number: 8, state: 'confirmada' })];

function renderTab() {
  const queryClient = clientWithUser(['postventa_gestionar']);
  queryClient.setQueryData(afterSalesKeys.ticketDetail(31), ticketDetail());
  renderWithProviders(
    <Routes>
      <Route path="/warranties/solicitud/:solicitudId/oi" element={<OrdersTab />} />
    </Routes>,
    { route: '/warranties/solicitud/31/oi', queryClient },
  );
  return queryClient;
}

const path = (url: string) => new URL(url).pathname.replace('/api/v2/public/api/postventa/solicitudes/31', '');

describe("the OI list sends its rows' actions through one list-level hook (docs/product.md §4 orders)", () => {
  it('an action updates its row from the answer: the list is asked for once', async () => {
    const api = mockFetch((call) =>
      call.method === 'POST'
        ? { body: { data: orderView({ state: 'confirmada' }) } }
        : { body: { data: path(call.url) === '/oi' ? ROWS : ticketDetail() } },
    );
    renderTab();
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((r) => within(r).getByTestId('order-state').textContent)).toEqual(['Agendada', 'Confirmada']);
    await userEvent.setup({ delay: null }).click(within(rows[0]).getByTestId('order-order.confirm'));
    await waitFor(() =>
      expect(within(screen.getAllByTestId('order-row')[0]).getByTestId('order-state').textContent).toBe('Confirmada'),
    );
    expect(api.calls.filter((c) => path(c.url) === '/oi').length).toBe(1);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => path(c.url))).toEqual(['/oi/7/confirmar']);
    expect(showSuccessToast).toHaveBeenCalledWith('Orden OI-PLD7 actualizada');
  });

  it("a reject asks the reason in the list's one dialog and sends it for that row", async () => {
    const api = mockFetch((call) =>
      call.method === 'POST'
        ? { body: { data: orderView({ id: 8, state: 'cancelada' }) } }
        : { body: { data: path(call.url) === '/oi' ? ROWS : ticketDetail() } },
    );
    const user = userEvent.setup({ delay: null });
    renderTab();
    const rows = await screen.findAllByTestId('order-row');
    await user.click(within(rows[1]).getByTestId('order-order.reject'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'El propietario no estará');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar visita' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(path(post.url)).toBe('/oi/8/rechazar');
    expect(post.body).toEqual({ reason: 'El propietario no estará' });
  });
});
