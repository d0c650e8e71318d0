import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockFetch } from '../../../api/mock-fetch.ts';
import {
  myTicketsQuery,
  myUnitsQuery,
  myVisitsQuery,
  portalMessagesQuery,
  portalTicketQuery,
  type PortalTicketDetail,
  type PortalVisit,
} from './portal-api.ts';
import { useAnswerVisit, usePortalReply } from './portal-mutations.ts';

afterEach(() => vi.unstubAllGlobals());

const visit = (patch: Partial<PortalVisit> = {}): PortalVisit => ({
  id: 12,
  ticket_id: 31,
  kind: 'OI',
  code: 'OI-PLD5',
  state: 'agendada',
  start_at: '2026-11-23T13:00:00.000Z',
  end_at: null,
  responsible: { full_name: 'Valentina Muñoz' },
  owner_decision: null,
  owner_decision_at: null,
  can_confirm: true,
  can_reject: true,
  deadline: '2026-11-21T13:00:00.000Z',
  is_before_deadline: true,
  ...patch,
});

/** The portal's queries as the home and a ticket page hold them. */
function seeded() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(myUnitsQuery.queryKey, []);
  queryClient.setQueryData(myTicketsQuery(1).queryKey, {
    data: [],
    total: 0,
    current_page: 1,
    rowsPerPage: 50,
    has_more: false,
  });
  queryClient.setQueryData(myVisitsQuery.queryKey, [visit(), visit({ id: 13 })]);
  queryClient.setQueryData(portalTicketQuery(31).queryKey, {
    visits: [visit()],
    failures: [],
  } as unknown as PortalTicketDetail);
  queryClient.setQueryData(portalMessagesQuery(31, 1).queryKey, {
    data: [],
    total: 0,
    current_page: 1,
    rowsPerPage: 50,
    has_more: false,
  });
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) =>
        q.queryKey
          .slice(1)
          .filter((part) => typeof part !== 'object')
          .join('/'),
      )
      .sort();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, stale, wrapper };
}

describe('owner portal writes', () => {
  it('an answered visit replaces its card in the visits list and in its ticket; only the tickets list is asked again', async () => {
    const answer = visit({ state: 'confirmada', owner_decision: 'confirmada', can_confirm: false });
    mockFetch(() => ({ body: { data: answer } }));
    const { queryClient, stale, wrapper } = seeded();
    const { result } = renderHook(useAnswerVisit, { wrapper });
    act(() => result.current.mutate({ visit: visit(), decision: 'confirmar' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(myVisitsQuery.queryKey)).toEqual([answer, visit({ id: 13 })]);
    expect(queryClient.getQueryData(portalTicketQuery(31).queryKey)?.visits).toEqual([answer]);
    expect(stale()).toEqual(['list/tickets']);
  });

  it('a refused answer (the deadline passed meanwhile) asks again for that visit, in the list and in its ticket', async () => {
    mockFetch(() => ({ status: 409, body: { message: 'El plazo venció', errors: [] } }));
    const { stale, wrapper } = seeded();
    const { result } = renderHook(useAnswerVisit, { wrapper });
    act(() => result.current.mutate({ visit: visit(), decision: 'rechazar' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(stale()).toEqual(['list/visits', 'ticket/31/detail']);
  });

  it('a reply asks again for that conversation only', async () => {
    mockFetch(() => ({ status: 201, body: { data: { id: 5, created_at: '2026-11-03T09:00:00.000Z' } } }));
    const { stale, wrapper } = seeded();
    const { result } = renderHook(() => usePortalReply(31), { wrapper });
    act(() => result.current.mutate({ body: 'Gracias', attachments: [] }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(stale()).toEqual(['ticket/31/messages/1']);
  });
});
