import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { canAnswer, type PortalVisit } from './api/portal-api.ts';
import { VisitList } from './visit-card.tsx';

const HOUR = 3_600_000;
const visit = (patch: Partial<PortalVisit> = {}): PortalVisit => ({
  id: 12,
  ticket_id: 31,
  kind: 'OI',
  code: 'OI-PLD5',
  state: 'agendada',
  start_at: new Date(Date.now() + 72 * HOUR).toISOString(),
  end_at: null,
  responsible: { full_name: 'Valentina Muñoz' },
  owner_decision: null,
  owner_decision_at: null,
  can_confirm: true,
  can_reject: true,
  deadline: new Date(Date.now() + 48 * HOUR).toISOString(),
  is_before_deadline: true,
  ...patch,
});

afterEach(() => vi.unstubAllGlobals());

describe(
  'owner visit answers (docs/product.md §4: until a configured time before the visit starts)',
  { timeout: 20_000 },
  () => {
    it('offers confirm and reject before the limit, and confirming posts to the portal API', async () => {
      const api = mockFetch(() => ({
        body: { data: visit({ state: 'confirmada', owner_decision: 'confirmada', can_confirm: false }) },
      }));
      renderWithProviders(<VisitList visits={[visit()]} />);
      expect(screen.getByText(/Puede confirmar o rechazar hasta el/)).toBeTruthy();
      await userEvent.setup({ delay: null }).click(screen.getByTestId('portal-visit-confirm'));
      await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
      const post = api.calls.find((c) => c.method === 'POST')!;
      expect(new URL(post.url).pathname).toBe('/api/v2/public/api/postventa/portal/visitas/12/confirmar');
    });

    it('removes the buttons once the server says the limit passed, and says when it closed', () => {
      mockFetch();
      renderWithProviders(
        <VisitList
          visits={[
            visit({
              can_confirm: false,
              can_reject: false,
              deadline: new Date(Date.now() - HOUR).toISOString(),
              is_before_deadline: false,
            }),
          ]}
        />,
      );
      expect(screen.queryByTestId('portal-visit-confirm')).toBeNull();
      expect(screen.queryByTestId('portal-visit-reject')).toBeNull();
      expect(screen.getByTestId('portal-visit-closed').textContent).toMatch(/venció/);
    });

    it('also hides them when the deadline passes while the page stays open', () => {
      const v = visit({ deadline: new Date(Date.now() + 1000).toISOString() });
      expect(canAnswer(v)).toEqual({ confirm: true, reject: true });
      expect(canAnswer(v, Date.now() + 2000)).toEqual({ confirm: false, reject: false });
    });

    it('asks for an optional reason before rejecting', async () => {
      const api = mockFetch(() => ({ body: { data: null } }));
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<VisitList visits={[visit()]} />);
      await user.click(screen.getByTestId('portal-visit-reject'));
      await user.type(screen.getByRole('textbox', { name: 'Motivo (opcional)' }), 'Estaré de viaje');
      await user.click(screen.getByTestId('portal-visit-reject-send'));
      await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
      const post = api.calls.find((c) => c.method === 'POST')!;
      expect(new URL(post.url).pathname).toBe('/api/v2/public/api/postventa/portal/visitas/12/rechazar');
      expect(post.body).toEqual({ reason: 'Estaré de viaje' });
    });
  },
);
