import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { myDeliveriesQuery, type PortalDelivery } from './api/portal-api.ts';
import { DeliveryList } from './delivery-card.tsx';
import { PortalHomePage } from './home-page.tsx';

const HOUR = 3_600_000;
// 14:00 UTC ten days ahead: 10:00 or 11:00 in Santiago depending on the season; the test reads it back in that zone.
const START = new Date(Math.ceil((Date.now() + 240 * HOUR) / 86_400_000) * 86_400_000 + 14 * HOUR).toISOString();
const delivery = (patch: Partial<PortalDelivery> = {}): PortalDelivery => ({
  id: 21,
  unit: { id: 7, number: '304', tower: 'Torre B' },
  project: 'Condominio Alto Macul',
  state: 'por_confirmar',
  start_at: START,
  time_zone: 'America/Santiago',
  owner_decision_at: null,
  owner_decision_reason: null,
  can_confirm: true,
  can_reject: true,
  deadline: new Date(Date.parse(START) - 24 * HOUR).toISOString(),
  ...patch,
});
const santiagoTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Santiago',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

afterEach(() => vi.unstubAllGlobals());

describe(
  'the owner answers their delivery appointment in the portal (docs/product.md §4 delivery schedule)',
  {
    timeout: 20_000,
  },
  () => {
    it("shows when (company's time zone), its state and the answer deadline; confirming writes the answered card", async () => {
      const api = mockFetch(() => ({
        body: {
          data: delivery({ state: 'confirmada', can_confirm: false, owner_decision_at: new Date().toISOString() }),
        },
      }));
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
      queryClient.setQueryData(myDeliveriesQuery.queryKey, [delivery()]);
      const { rerender } = renderWithProviders(<DeliveryList deliveries={[delivery()]} />, { queryClient });
      const card = screen.getByTestId('portal-delivery');
      expect(within(card).getByText('Entrega: Torre B · Depto. 304')).toBeTruthy();
      expect(within(card).getByTestId('portal-delivery-state').textContent).toBe('Por confirmar');
      expect(within(card).getByTestId('portal-delivery-when').textContent).toContain(santiagoTime(START));
      expect(within(card).getByText(/Puede confirmar o rechazar hasta el/)).toBeTruthy();
      await userEvent.setup({ delay: null }).click(screen.getByTestId('portal-delivery-confirm'));
      await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
      const post = api.calls.find((c) => c.method === 'POST')!;
      expect(new URL(post.url).pathname).toBe('/api/v2/public/api/entregas/portal/entregas/21/confirmar');
      await waitFor(() =>
        expect(queryClient.getQueryData(myDeliveriesQuery.queryKey)?.[0]).toMatchObject({ state: 'confirmada' }),
      );
      rerender(<DeliveryList deliveries={queryClient.getQueryData(myDeliveriesQuery.queryKey)!} />);
      expect(screen.getByTestId('portal-delivery-state').textContent).toBe('Confirmada');
      expect(screen.getByText(/Usted confirmó esta fecha el/)).toBeTruthy();
      expect(screen.queryByTestId('portal-delivery-confirm')).toBeNull();
    });

    it('rejects with a reason', async () => {
      const api = mockFetch(() => ({ body: { data: delivery({ state: 'rechazada', can_confirm: false }) } }));
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<DeliveryList deliveries={[delivery()]} />);
      await user.click(screen.getByTestId('portal-delivery-reject'));
      await user.type(
        screen.getByRole('textbox', { name: '¿Por qué no puede asistir? (opcional)' }),
        'Estaré de viaje',
      );
      await user.click(screen.getByTestId('portal-delivery-reject-send'));
      await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
      const post = api.calls.find((c) => c.method === 'POST')!;
      expect(new URL(post.url).pathname).toBe('/api/v2/public/api/entregas/portal/entregas/21/rechazar');
      expect(post.body).toEqual({ reason: 'Estaré de viaje' });
    });

    it('past the limit the buttons are gone and the card says when it closed', () => {
      mockFetch();
      renderWithProviders(
        <DeliveryList
          deliveries={[
            delivery({ can_confirm: false, can_reject: false, deadline: new Date(Date.now() - HOUR).toISOString() }),
          ]}
        />,
      );
      expect(screen.queryByTestId('portal-delivery-confirm')).toBeNull();
      expect(screen.queryByTestId('portal-delivery-reject')).toBeNull();
      expect(screen.getByTestId('portal-delivery-closed').textContent).toMatch(/venció/);
    });

    it('answer buttons are phone-sized targets (44 px)', () => {
      mockFetch();
      renderWithProviders(<DeliveryList deliveries={[delivery()]} />);
      for (const id of ['portal-delivery-confirm', 'portal-delivery-reject'])
        expect(getComputedStyle(screen.getByTestId(id)).minHeight).toBe('44px');
    });

    it('the portal home asks for the appointments and shows them first', async () => {
      const api = mockFetch((call) => {
        const path = new URL(call.url).pathname;
        if (path.endsWith('entregas/portal/entregas')) return { body: { data: [delivery()] } };
        if (path.endsWith('/solicitudes')) return { body: { data: [], total: 0 } };
        return { body: { data: [] } };
      });
      renderWithProviders(<PortalHomePage />);
      const section = await screen.findByRole('region', { name: 'Entrega de su unidad' });
      expect(within(section).getByTestId('portal-delivery')).toBeTruthy();
      expect(api.calls.some((c) => new URL(c.url).pathname.endsWith('/entregas/portal/entregas'))).toBe(true);
    });
  },
);
