import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { AGENDA_ARGS, invalidatedKeys, renderWithClient, runWrite, seededClient } from '../test/cache.tsx';
import { agendaEvent, orderView } from '../test/fixtures.ts';
import { useAcFollowUp, useCreateAc } from './ac-mutations.ts';
import { useDeleteFailure, useFailureOutcome } from './failure-mutations.ts';
import { afterSalesKeys } from './keys.ts';
import { useMoveVisit, useOrderAction, useSaveOrder } from './order-mutations.ts';

afterEach(() => vi.unstubAllGlobals());

describe('order writes: the answer is the order, so its row and its own query hold it', () => {
  it('an action replaces the row in the OI list (no refetch of the list); header, timeline and agenda are asked again', async () => {
    const answer = orderView({ state: 'confirmada', owner_decision: 'confirmada' });
    const api = mockFetch(() => ({ body: { data: answer } }));
    const queryClient = await runWrite(() => useOrderAction(31, 'OI'), { orderId: 7, event: 'order.confirm' });
    expect(new URL(api.calls[0].url).pathname).toBe('/api/v2/public/api/postventa/solicitudes/31/oi/7/confirmar');
    expect(queryClient.getQueryData(afterSalesKeys.orders(31, 'OI'))).toEqual([
      answer,
      orderView({ id: 8, code: 'OI-PLD8', number: 8 }),
    ]);
    expect(queryClient.getQueryData(afterSalesKeys.order(31, 'OI', 7))).toEqual(answer);
    expect(invalidatedKeys(queryClient)).toEqual(['agenda', 'ticket/31/detail', 'ticket/31/timeline/1']);
  });

  it('a new order ends the list; the failures it covers list it, so they are asked again too', async () => {
    const answer = orderView({ id: 9, code: 'OI-PLD9', number: 9 });
    mockFetch(() => ({ status: 201, body: { data: answer } }));
    const queryClient = await runWrite(useSaveOrder, {
      ticketId: 31,
      kind: 'OI',
      orderId: null,
      body: { responsible_id: 5, failure_ids: [11], start_at: '2026-11-24T13:00:00.000Z', duration_minutes: 60 },
    });
    expect((queryClient.getQueryData(afterSalesKeys.orders(31, 'OI')) as { id: number }[]).map((o) => o.id)).toEqual([
      7, 8, 9,
    ]);
    expect(queryClient.getQueryData(afterSalesKeys.order(31, 'OI', 9))).toEqual(answer);
    expect(invalidatedKeys(queryClient)).toEqual([
      'agenda',
      'ticket/31/detail',
      'ticket/31/failures',
      'ticket/31/timeline/1',
    ]);
  });

  it('a drag shows the visit moved before the answer, then asks the agenda again', async () => {
    let answer!: (value: { body: unknown }) => void;
    mockFetch(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const queryClient = seededClient();
    const { result } = renderWithClient(queryClient, () => useMoveVisit(AGENDA_ARGS));
    const start = new Date('2026-11-24T15:00:00.000Z');
    act(() => result.current.mutate({ event: agendaEvent(), start, minutes: 90 }));
    await waitFor(() =>
      expect(queryClient.getQueryData(afterSalesKeys.agenda(AGENDA_ARGS))).toEqual([
        agendaEvent({ start: start.toISOString(), end: '2026-11-24T16:30:00.000Z', duration_minutes: 90 }),
      ]),
    );
    answer({
      body: {
        data: orderView({ start_at: start.toISOString(), end_at: '2026-11-24T16:30:00.000Z', duration_minutes: 90 }),
      },
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(invalidatedKeys(queryClient)).toEqual(['agenda', 'ticket/31/detail', 'ticket/31/timeline/1']);
    expect(
      (queryClient.getQueryData(afterSalesKeys.order(31, 'OI', 7)) as { duration_minutes: number }).duration_minutes,
    ).toBe(90);
  });
});

describe('failure and AC writes answer only an id and a state: what they move is asked again, by its key', () => {
  it('an outcome: failures, header, timeline, ACs, orders and lists; not the merge candidates, the agenda or another ticket', async () => {
    mockFetch(() => ({ body: { data: { id: 11, state: 'solucionada', ac_id: 4, marked_to_owner_at: null } } }));
    const queryClient = await runWrite(() => useFailureOutcome(31), { failureId: 11, outcome: 'solucionada' });
    expect(invalidatedKeys(queryClient)).toEqual([
      'list/tickets',
      'ticket/31/acs',
      'ticket/31/detail',
      'ticket/31/failures',
      'ticket/31/orders/OI',
      'ticket/31/orders/OI/7',
      'ticket/31/orders/OT',
      'ticket/31/timeline/1',
    ]);
  });

  it('a deleted failure leaves the list at once, which is not asked again', async () => {
    mockFetch(() => ({ body: { data: { deleted: true } } }));
    const queryClient = await runWrite(() => useDeleteFailure(31), 12);
    expect((queryClient.getQueryData(afterSalesKeys.failures(31)) as { id: number }[]).map((f) => f.id)).toEqual([11]);
    expect(invalidatedKeys(queryClient)).not.toContain('ticket/31/failures');
    expect(invalidatedKeys(queryClient)).toEqual([
      'list/tickets',
      'ticket/31/detail',
      'ticket/31/orders/OI',
      'ticket/31/orders/OI/7',
      'ticket/31/orders/OT',
      'ticket/31/timeline/1',
    ]);
  });

  it('a new AC: the ACs and the failures it covers, the header and the timeline', async () => {
    mockFetch(() => ({ status: 201, body: { data: { id: 4, code: 'AC-PLD4', state: 'pendiente' } } }));
    const queryClient = await runWrite(() => useCreateAc(31), [11]);
    expect(invalidatedKeys(queryClient)).toEqual([
      'ticket/31/acs',
      'ticket/31/detail',
      'ticket/31/failures',
      'ticket/31/timeline/1',
    ]);
  });

  it('a follow-up re-enters failures with a new order: orders and lists too', async () => {
    mockFetch(() => ({
      body: { data: { id: 4, state: 'no_conforme', follow_up: 'reinspeccion', follow_up_order_id: 9 } },
    }));
    const queryClient = await runWrite(() => useAcFollowUp(31), { acId: 4, followUp: 'reinspeccion' });
    expect(invalidatedKeys(queryClient)).toEqual([
      'list/tickets',
      'ticket/31/acs',
      'ticket/31/detail',
      'ticket/31/failures',
      'ticket/31/orders/OI',
      'ticket/31/orders/OI/7',
      'ticket/31/orders/OT',
      'ticket/31/timeline/1',
    ]);
  });
});
