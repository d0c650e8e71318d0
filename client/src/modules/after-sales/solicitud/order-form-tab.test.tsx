import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { afterSalesKeys } from '../api/keys.ts';
import { failureView, orderView, ticketDetail } from '../test/fixtures.ts';
import { OrderFormTab } from './order-form-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const FAILURES = [
  failureView({ id: 11 }),
  failureView({ id: 12, state: 'falla' }),
  failureView({ id: 13, state: 'solucionada' }),
];
const PEOPLE = [
  {
    id: 5,
    full_name: 'Valentina Muñoz',
    username: 'vmunoz',
    image_url: null,
    acronym: 'VM',
    color: null,
    is_enabled: true,
    is_agent: true,
  },
];
const path = (url: string) => new URL(url).pathname.replace('/api/v2/public/api/postventa', '');

function renderForm(hours: number) {
  const api = mockFetch((call) => {
    if (call.method === 'POST') return { status: 201, body: { data: orderView() } };
    const p = path(call.url);
    if (p.endsWith('/fallas')) return { body: { data: FAILURES } };
    if (p.startsWith('/responsables')) return { body: { data: PEOPLE } };
    if (p === '/solicitudes/31') return { body: { data: ticketDetail({ owner_reply_hours: hours }) } };
    return { body: { data: [] } };
  });
  const queryClient = clientWithUser(['postventa_gestionar']);
  queryClient.setQueryData(afterSalesKeys.ticketDetail(31), ticketDetail({ owner_reply_hours: hours }));
  renderWithProviders(
    <Routes>
      <Route path="/warranties/solicitud/:solicitudId/oi/crear" element={<OrderFormTab />} />
      <Route path="/warranties/solicitud/:solicitudId/oi" element={<p>list</p>} />
    </Routes>,
    { route: '/warranties/solicitud/31/oi/crear', queryClient },
  );
  return api;
}

describe('new OI form (docs/product.md §2 oi crear, §4 Owner confirmation)', () => {
  it("starts with the ticket's pending failures and its responsible", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 2, 9, 8, 0));
    const api = renderForm(24);
    await waitFor(() => expect(screen.getAllByTestId('order-failure')).toHaveLength(2));
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    await waitFor(() => expect(boxes.every((b) => b.checked)).toBe(true));
    await userEvent.setup({ delay: null }).click(screen.getByTestId('order-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      responsible_id: 5,
      failure_ids: [11, 12],
    });
  });

  it('warns before saving a visit inside the owner reply window, and saves only once the warning is accepted', async () => {
    // 15:00 today; the form's default is tomorrow 10:00, 19 hours ahead, inside a 24-hour reply window.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 2, 9, 15, 0));
    const api = renderForm(24);
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect((screen.getAllByRole('checkbox') as HTMLInputElement[])[0].checked).toBe(true));
    await user.click(screen.getByTestId('order-save'));
    const warning = await screen.findByTestId('reply-window-warning');
    expect(warning.textContent).toContain('El propietario no alcanzará a responder');
    expect(warning.textContent).toContain('24 h');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByTestId('reply-window-accept'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });
});
