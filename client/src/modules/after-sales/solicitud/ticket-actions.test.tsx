import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { can } from '#domain/permissions';
import { TICKET_MANAGE, ticketCommands, type TicketCommandType } from '#domain/tickets';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { ticketDetail } from '../test/fixtures.ts';
import { TicketActions } from './ticket-actions.tsx';

const ALL = ['postventa_gestionar', 'postventa_cerrar'];
const actionIds = () => screen.getAllByTestId(/^action-/).map((b) => b.getAttribute('data-testid')!.slice(7));

afterEach(() => vi.unstubAllGlobals());

describe(
  'ticket header actions come from the ticket machine (docs/architecture.md §5, docs/product.md §4)',
  { timeout: 20_000 },
  () => {
    it('a new ticket can be opened, started, postponed, merged, closed or marked not applicable', () => {
      mockFetch();
      renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'nueva' })} />, {
        queryClient: clientWithUser(ALL),
      });
      expect(actionIds()).toEqual([
        'ticket.open',
        'ticket.startProgress',
        'ticket.postpone',
        'ticket.merge',
        'ticket.markNotApplicable',
        'ticket.close',
      ]);
    });

    it('an open ticket with pending failures cannot be resolved; without them it can', () => {
      mockFetch();
      const { unmount } = renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'abierta' })} />, {
        queryClient: clientWithUser(ALL),
      });
      expect(actionIds()).not.toContain('ticket.resolve');
      unmount();
      renderWithProviders(
        <TicketActions
          ticket={ticketDetail({
            state: 'abierta',
            progress: { total: 2, done: 2, percent: 100 },
            counts: { failures: 2, pending_failures: 0, oi: 0, ot: 0, ac: 0 },
          })}
        />,
        { queryClient: clientWithUser(ALL) },
      );
      expect(actionIds()).toContain('ticket.resolve');
    });

    it('a postponed ticket only un-postpones; a finished one only reopens; a merged one offers nothing', () => {
      mockFetch();
      const { unmount } = renderWithProviders(
        <TicketActions ticket={ticketDetail({ state: 'postergada', previous_state: 'abierta' })} />,
        { queryClient: clientWithUser(ALL) },
      );
      expect(actionIds()).toEqual(['ticket.unpostpone']);
      unmount();
      const second = renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'finalizada' })} />, {
        queryClient: clientWithUser(ALL),
      });
      expect(actionIds()).toEqual(['ticket.reopen']);
      second.unmount();
      renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'fusionada' })} />, {
        queryClient: clientWithUser(ALL),
      });
      expect(screen.queryAllByTestId(/^action-/)).toEqual([]);
      expect(screen.queryByTestId('ticket-edit')).toBeNull();
    });

    it('hides what the user may not do: without postventa_cerrar there is no close, merge or reopen (docs/product.md §6)', () => {
      mockFetch();
      renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'abierta' })} />, {
        queryClient: clientWithUser(['postventa_gestionar']),
      });
      expect(actionIds()).toEqual(['ticket.startProgress', 'ticket.postpone']);
    });
  },
);

describe(
  'buttons and calls read the domain command table (domain/tickets.ts), the one the server routes and checks by',
  { timeout: 20_000 },
  () => {
    it('shows an event only to a user holding its table permission, and posts it to its table verb', async () => {
      const api = mockFetch(() => ({ body: { data: ticketDetail({ state: 'abierta' }) } }));
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'nueva' })} />, {
        queryClient: clientWithUser([TICKET_MANAGE]),
      });
      const shown = actionIds() as TicketCommandType[];
      expect(shown.length).toBeGreaterThan(0);
      for (const e of shown) expect(can({ [TICKET_MANAGE]: true }, ticketCommands[e].permission)).toBe(true);
      expect(ticketCommands['ticket.close'].permission).not.toBe(TICKET_MANAGE);
      expect(shown).not.toContain('ticket.close');
      await user.click(screen.getByTestId('action-ticket.open'));
      await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toBeTruthy());
      expect(new URL(api.calls.find((c) => c.method === 'POST')!.url).pathname).toBe(
        `/api/v2/public/api/postventa/solicitudes/31/${ticketCommands['ticket.open'].verb}`,
      );
    });
  },
);

describe('closing requires a justification (docs/product.md §5)', { timeout: 20_000 }, () => {
  it('keeps the confirm button off until there is text, and sends the trimmed justification', async () => {
    const api = mockFetch((call) => ({
      body: { data: ticketDetail({ state: call.url.includes('/cerrar') ? 'finalizada' : 'abierta' }) },
    }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'abierta' })} />, {
      queryClient: clientWithUser(ALL),
    });
    await user.click(screen.getByTestId('action-ticket.close'));
    const dialog = await screen.findByTestId('justify-dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cerrar solicitud' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('Al cerrar se eliminarán 2 fallas pendientes.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), '   ');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox'), 'Reparado y conforme  ');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toBeTruthy());
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/v2/public/api/postventa/solicitudes/31/cerrar');
    expect(post.body).toEqual({ justification: 'Reparado y conforme' });
  });
});

describe('resolving asks for confirmation (docs/product.md §4 Ticket actions)', { timeout: 20_000 }, () => {
  it('sends nothing until the confirmation is accepted, then posts resolver', async () => {
    const api = mockFetch(() => ({ body: { data: ticketDetail({ state: 'resuelta' }) } }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <TicketActions
        ticket={ticketDetail({
          state: 'en_proceso',
          progress: { total: 2, done: 2, percent: 100 },
          counts: { failures: 2, pending_failures: 0, oi: 0, ot: 0, ac: 0 },
        })}
      />,
      { queryClient: clientWithUser(ALL) },
    );
    await user.click(screen.getByTestId('action-ticket.resolve'));
    const dialog = await screen.findByTestId('resolve-dialog');
    expect(within(dialog).getByText('Resolver PLD-00031')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(new URL(api.calls.find((c) => c.method === 'POST')!.url).pathname).toBe(
      '/api/v2/public/api/postventa/solicitudes/31/resolver',
    );
  });
});

describe('merge dialog (docs/product.md §2/§4: tickets of the same unit)', { timeout: 20_000 }, () => {
  it('lists the candidates the API gives for this ticket (same unit, mergeable) and merges the chosen ones into it', async () => {
    const api = mockFetch((call) => {
      if (call.url.includes('/fusionables')) {
        return {
          body: {
            data: [
              {
                id: 40,
                code: 'PLD-00040',
                subject: 'Humedad en muro',
                state: 'nueva',
                created_at: '2026-11-03T10:00:00.000Z',
              },
              {
                id: 41,
                code: 'PLD-00041',
                subject: 'Puerta descuadrada',
                state: 'abierta',
                created_at: '2026-11-04T10:00:00.000Z',
              },
            ],
          },
        };
      }
      return { body: { data: ticketDetail() } };
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'abierta' })} />, {
      queryClient: clientWithUser(ALL),
    });
    await user.click(screen.getByTestId('action-ticket.merge'));
    const dialog = await screen.findByTestId('merge-dialog');
    expect(within(dialog).getByText(/misma unidad \(101-A\)/)).toBeTruthy();
    const candidates = await within(dialog).findAllByTestId('merge-candidate');
    expect(candidates.map((c) => c.textContent)).toEqual([
      expect.stringContaining('PLD-00040'),
      expect.stringContaining('PLD-00041'),
    ]);
    expect(new URL(api.calls[0].url).pathname).toBe('/api/v2/public/api/postventa/solicitudes/31/fusionables');
    const confirm = within(dialog).getByTestId('merge-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(within(candidates[1]).getByRole('checkbox'));
    await user.click(confirm);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/v2/public/api/postventa/solicitudes/31/fusionar');
    expect(post.body).toEqual({ ticket_ids: [41] });
  });

  it('says so when the unit has no other ticket to merge', async () => {
    mockFetch(() => ({ body: { data: [] } }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TicketActions ticket={ticketDetail({ state: 'nueva' })} />, {
      queryClient: clientWithUser(ALL),
    });
    await user.click(screen.getByTestId('action-ticket.merge'));
    expect(await screen.findByTestId('merge-empty')).toBeTruthy();
  });
});
