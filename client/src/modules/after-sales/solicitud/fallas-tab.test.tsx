import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { afterSalesKeys } from '../api/keys.ts';
import { failureView, ticketDetail } from '../test/fixtures.ts';
import { FallasTab } from './fallas-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
// docs/product.md §8 feedback: every after-sales write that changes something says so.
vi.mock('../../../api/notify.ts', async (original) => ({
  ...(await original<typeof import('../../../api/notify.ts')>()),
  showSuccessToast: vi.fn(),
}));
afterEach(() => vi.unstubAllGlobals());

const path = (url: string) => new URL(url).pathname.replace('/api/v2/public/api/postventa/solicitudes/31', '');

function renderTab() {
  const queryClient = clientWithUser(['postventa_gestionar']);
  queryClient.setQueryData(afterSalesKeys.ticketDetail(31), ticketDetail());
  renderWithProviders(
    <Routes>
      <Route path="/warranties/solicitud/:solicitudId/fallas" element={<FallasTab />} />
    </Routes>,
    { route: '/warranties/solicitud/31/fallas', queryClient },
  );
}

/** The failures tab also shows the unit's plan (plan-section.tsx): none here. */
const EMPTY_PLAN = { unit_id: 5, plans: [], failures: [] };

describe("the failures tab sends its cards' writes through list-level hooks (docs/product.md §4 failures)", () => {
  it('a deleted failure leaves the list at once; the list is not asked for again', async () => {
    const api = mockFetch((call) => {
      if (path(call.url) === '/fallas/plano') return { body: { data: EMPTY_PLAN } };
      if (call.method === 'DELETE') return { body: { data: { deleted: true } } };
      return {
        body: {
          data:
            path(call.url) === '/fallas'
              ? [failureView(), failureView({ id: 12, description: 'Segunda' })]
              : ticketDetail(),
        },
      };
    });
    renderTab();
    const cards = await screen.findAllByTestId('failure-card');
    expect(cards.length).toBe(2);
    await userEvent.setup({ delay: null }).click(within(cards[1]).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getAllByTestId('failure-card').length).toBe(1));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => path(c.url))).toEqual(['/fallas/12']);
    expect(showSuccessToast).toHaveBeenCalledWith('Falla eliminada');
    expect(api.calls.filter((c) => path(c.url) === '/fallas').length).toBe(1);
  });

  it("an action asks its note in the list's one dialog and sends it for that failure", async () => {
    const api = mockFetch((call) => {
      if (path(call.url) === '/fallas/plano') return { body: { data: EMPTY_PLAN } };
      if (call.method === 'POST')
        return { body: { data: { id: 12, state: 'no_aplica', ac_id: null, marked_to_owner_at: null } } };
      return {
        body: { data: path(call.url) === '/fallas' ? [failureView(), failureView({ id: 12 })] : ticketDetail() },
      };
    });
    const user = userEvent.setup({ delay: null });
    renderTab();
    const cards = await screen.findAllByTestId('failure-card');
    await user.click(within(cards[1]).getByTestId('failure-failure.markNotApplicable'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'No corresponde');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar como no aplica' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(path(post.url)).toMatch(/^\/fallas\/12\//);
    expect(post.body).toEqual({ comment: 'No corresponde' });
  });
});
