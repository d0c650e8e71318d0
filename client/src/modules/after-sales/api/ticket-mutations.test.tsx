import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { act, waitFor } from '@testing-library/react';
import type { TicketDetail } from './types.ts';
import { invalidatedKeys, renderWithClient, runWrite, seededClient } from '../test/cache.tsx';
import { ticketDetail } from '../test/fixtures.ts';
import { afterSalesKeys } from './keys.ts';
import {
  useBulkAction,
  useCreateTicket,
  useMergeTickets,
  useSendMessage,
  useTicketAction,
  useUpdateTicket,
} from './ticket-mutations.ts';

afterEach(() => vi.unstubAllGlobals());

describe('ticket writes put the answer in the header and mark only what else changed', () => {
  it('an action that moves the state: the header holds the answer; timeline, failures, orders and lists are asked again', async () => {
    const answer = ticketDetail({
      state: 'finalizada',
      close_justification: 'Reparado',
      updated_at: '2026-11-03T09:00:00.000Z',
    });
    const api = mockFetch(() => ({ body: { data: answer } }));
    const queryClient = await runWrite(() => useTicketAction(31), { event: 'ticket.close', justification: 'Reparado' });
    expect(queryClient.getQueryData(afterSalesKeys.ticketDetail(31))).toEqual(answer);
    expect(invalidatedKeys(queryClient)).toEqual([
      'list/tickets',
      'ticket/31/failures',
      'ticket/31/orders/OI',
      'ticket/31/orders/OI/7',
      'ticket/31/orders/OT',
      'ticket/31/timeline/1',
    ]);
    expect(api.calls.map((c) => c.method)).toEqual(['POST']);
  });

  it('the header shows the state the machine leads to while the request runs; a refusal puts back what it showed', async () => {
    const queryClient = seededClient();
    const header = () => queryClient.getQueryData<TicketDetail>(afterSalesKeys.ticketDetail(31));
    const shownDuringRequest: unknown[] = [];
    mockFetch(() => {
      shownDuringRequest.push([header()?.state, header()?.previous_state]);
      return { status: 409, body: { message: 'No permitido', errors: [] } };
    });
    const { result } = renderWithClient(queryClient, () => useTicketAction(31));
    act(() => result.current.mutate({ event: 'ticket.postpone' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(shownDuringRequest).toEqual([['postergada', 'abierta']]);
    expect(header()).toEqual(ticketDetail());
  });

  it('an edit that keeps the state: only the timeline and the lists besides the header', async () => {
    const answer = ticketDetail({ subject: 'Filtración en baño principal' });
    mockFetch(() => ({ body: { data: answer } }));
    const queryClient = await runWrite(() => useUpdateTicket(31), { subject: 'Filtración en baño principal' });
    expect(queryClient.getQueryData(afterSalesKeys.ticketDetail(31))).toEqual(answer);
    expect(invalidatedKeys(queryClient)).toEqual(['list/tickets', 'ticket/31/timeline/1']);
  });

  it('a new ticket is in cache before its page opens; the lists show it', async () => {
    const answer = ticketDetail({ id: 90, code: 'PLD-00090', state: 'nueva' });
    mockFetch(() => ({ status: 201, body: { data: answer } }));
    const queryClient = await runWrite(useCreateTicket, {
      unit_id: 77,
      applicant_owner_id: 9,
      origin: 'WEB',
      priority: 'medium',
      cc: [],
      subject: 'Puerta',
      message: 'No cierra',
      attachments: [],
      responsible_id: null,
    });
    expect(queryClient.getQueryData(afterSalesKeys.ticketDetail(90))).toEqual(answer);
    expect(invalidatedKeys(queryClient)).toEqual(['list/tickets']);
  });

  it('a merge: the survivor holds the answer and asks again for what it took in; the merged tickets, the agenda and the boards too', async () => {
    const answer = ticketDetail({ counts: { failures: 4, pending_failures: 4, oi: 1, ot: 0, ac: 0 } });
    mockFetch(() => ({ body: { data: answer } }));
    const queryClient = await runWrite(() => useMergeTickets(31), [32]);
    expect(queryClient.getQueryData(afterSalesKeys.ticketDetail(31))).toEqual(answer);
    expect(invalidatedKeys(queryClient)).toEqual([
      'agenda',
      'dashboards/board',
      'list/tickets',
      'ticket/31/acs',
      'ticket/31/failures',
      'ticket/31/merge-candidates',
      'ticket/31/orders/OI',
      'ticket/31/orders/OI/7',
      'ticket/31/orders/OT',
      'ticket/31/timeline/1',
      'ticket/32/detail',
      'ticket/32/failures',
    ]);
  });

  it('a bulk action names the tickets it changed: those, the lists and the boards are asked again, nothing else', async () => {
    mockFetch(() => ({ body: { data: { done: [32] } } }));
    const queryClient = await runWrite(useBulkAction, { ids: [32, 40], action: 'postpone' });
    expect(invalidatedKeys(queryClient)).toEqual([
      'dashboards/board',
      'list/tickets',
      'ticket/32/detail',
      'ticket/32/failures',
    ]);
  });

  it('a message: the timeline and the header (the first public answer stops the response clock)', async () => {
    mockFetch(() => ({
      status: 201,
      body: { data: { id: 5, visibility: 'public', created_at: '2026-11-03T09:00:00.000Z' } },
    }));
    const queryClient = await runWrite(() => useSendMessage(31), {
      body: 'Vamos el lunes',
      visibility: 'public',
      attachments: [],
    });
    expect(invalidatedKeys(queryClient)).toEqual(['ticket/31/detail', 'ticket/31/timeline/1']);
  });
});
