import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { ticketDetail } from '../test/fixtures.ts';
import { OrderFormTab } from './order-form-tab.tsx';
import { OrderManageTab } from './order-manage-tab.tsx';
import { SolicitudLayout } from './solicitud-layout.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/warranties/solicitud/:solicitudId" element={<SolicitudLayout />}>
        <Route path="oi/editar/:oiId" element={<OrderFormTab />} />
        <Route path="ot/gestionar/:otId" element={<OrderManageTab />} />
      </Route>
    </Routes>,
    { route: path, queryClient: clientWithUser(['postventa_gestionar']) },
  );
}

describe('ids from the route (docs/product.md §2 solicitud/{solicitudId}, oi|ot editar|gestionar/{id})', () => {
  it.each(['abc', '0', '-4', '1.5'])('shows "not found" for solicitud/%s without asking the server', async (id) => {
    const api = mockFetch(() => ({ body: { data: ticketDetail() } }));
    renderAt(`/warranties/solicitud/${id}`);
    expect(await screen.findByText('La solicitud no existe o no tiene acceso a ella')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('still loads a valid solicitud', async () => {
    const api = mockFetch(() => ({ body: { data: ticketDetail() } }));
    renderAt('/warranties/solicitud/31');
    expect(await screen.findByTestId('ticket-code')).toBeTruthy();
    expect(api.calls.some((c) => new URL(c.url).pathname.endsWith('/postventa/solicitudes/31'))).toBe(true);
  });

  it.each([['oi/editar/abc'], ['ot/gestionar/abc']])(
    'shows "order not found" for %s and never requests that order',
    async (rest) => {
      const api = mockFetch((call) => {
        const path = new URL(call.url).pathname;
        return { body: { data: path.endsWith('/solicitudes/31') ? ticketDetail() : [] } };
      });
      renderAt(`/warranties/solicitud/31/${rest}`);
      expect(await screen.findByTestId('order-not-found')).toBeTruthy();
      expect(screen.getByText('La orden no existe o no tiene acceso a ella')).toBeTruthy();
      expect(screen.queryByTestId('order-manage-form')).toBeNull();
      const orderRequests = api.calls
        .map((c) => new URL(c.url).pathname)
        .filter((p) => /\/solicitudes\/31\/o[it]\/|NaN|abc/.test(p));
      expect(orderRequests).toEqual([]);
    },
  );
});
