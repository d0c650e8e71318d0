import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { afterSalesKeys } from '../api/keys.ts';
import { orderView, ticketDetail } from '../test/fixtures.ts';
import { OrderManageTab } from './order-manage-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const saved = { path: '1/2026/11/visita.jpg', name: 'visita.jpg', size: 2048, type: 'image/jpeg' };
const order = () => {
  const base = orderView({ state: 'confirmada', allowed_events: ['order.manage'] });
  return orderView({
    ...base,
    failures: [{ ...base.failures[0]!, result: 'falla', comment: 'Sigue la mancha', attachments: [saved] }],
  });
};
const path = (url: string) => new URL(url).pathname.replace('/api/v2/public/api/postventa/solicitudes/31', '');

function renderTab() {
  const queryClient = clientWithUser(['postventa_gestionar']);
  queryClient.setQueryData(afterSalesKeys.ticketDetail(31), ticketDetail());
  renderWithProviders(
    <Routes>
      <Route path="/warranties/solicitud/:solicitudId/oi/gestionar/:oiId" element={<OrderManageTab />} />
      <Route path="/warranties/solicitud/:solicitudId/oi" element={<p>lista</p>} />
    </Routes>,
    { route: '/warranties/solicitud/31/oi/gestionar/7', queryClient },
  );
}

describe('visit results take photos (order manage)', () => {
  it('shows the saved photos of a result as thumbnails that open the viewer, and sends them again with the result', async () => {
    const api = mockFetch(() => ({ body: { data: order() } }));
    const user = userEvent.setup({ delay: null });
    renderTab();
    const row = await screen.findByTestId('manage-failure');
    const thumb = within(row).getByTestId('attachment-thumbnail');
    expect(within(thumb).getByRole('img').getAttribute('src')).toContain('1/2026/11/visita.thumb.webp');
    expect(within(row).getByTestId('uploader-input')).toBeTruthy();
    await user.click(thumb);
    const viewer = await screen.findByTestId('image-viewer');
    expect(within(viewer).getByText('visita.jpg')).toBeTruthy();
    await user.click(within(viewer).getByRole('button', { name: 'Cerrar' }));
    await user.click(screen.getByTestId('manage-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(path(post.url)).toBe('/oi/7/gestionar');
    expect(post.body).toMatchObject({
      results: [{ failure_id: 11, result: 'falla', comment: 'Sigue la mancha', attachments: [saved] }],
    });
  });
});
