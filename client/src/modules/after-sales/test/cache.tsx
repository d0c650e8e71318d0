import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { afterSalesKeys } from '../api/keys.ts';
import { agendaEvent, failureView, orderView, ticketDetail } from './fixtures.ts';

/** The agenda range the seeded cache holds. */
export const AGENDA_ARGS = { from: '2026-11-23', to: '2026-11-29' };
const LIST = afterSalesKeys.list('tickets', { pagination: { page: 1 } });

/**
 * A query client holding every after-sales query a screen may have open: ticket 31 (header, timeline,
 * failures, OI and OT, one order, ACs, merge candidates), ticket 32, a list page, a board, the agenda
 * and a picker. A hook test runs a write and reads which of them it marked stale.
 */
export function seededClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const seed: [QueryKey, unknown][] = [
    [afterSalesKeys.ticketDetail(31), ticketDetail()],
    [[...afterSalesKeys.timeline(31), 1], { data: [], total: 0, current_page: 1, rowsPerPage: 50, has_more: false }],
    [afterSalesKeys.failures(31), [failureView(), failureView({ id: 12 })]],
    [afterSalesKeys.orders(31, 'OI'), [orderView(), orderView({ id: 8, code: 'OI-PLD8', number: 8 })]],
    [afterSalesKeys.orders(31, 'OT'), []],
    [afterSalesKeys.order(31, 'OI', 7), orderView()],
    [afterSalesKeys.acs(31), []],
    [afterSalesKeys.mergeCandidates(31), []],
    [afterSalesKeys.ticketDetail(32), ticketDetail({ id: 32, code: 'PLD-00032' })],
    [afterSalesKeys.failures(32), []],
    [LIST, { data: [], total: 0, current_page: 1, rowsPerPage: 50, has_more: false }],
    [afterSalesKeys.board({}), { by_state: {} }],
    [afterSalesKeys.agenda(AGENDA_ARGS), [agendaEvent()]],
    [afterSalesKeys.responsibles(3), []],
  ];
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  return queryClient;
}

/** The keys a write marked stale, as readable strings ('ticket/31/timeline/1', 'list/tickets', …). */
export function invalidatedKeys(queryClient: QueryClient): string[] {
  return queryClient
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
}

/** Runs a hook inside the query client (hooks that need no router or theme). */
export function renderWithClient<T>(queryClient: QueryClient, hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

/** Runs one write of a mutation hook against a seeded cache (or the one given) and waits for its success. */
export async function runWrite<T extends { mutate: (v: never) => void; isSuccess: boolean }>(
  hook: () => T,
  variables: Parameters<T['mutate']>[0],
  queryClient = seededClient(),
): Promise<QueryClient> {
  const { result } = renderWithClient(queryClient, hook);
  act(() => result.current.mutate(variables as never));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  return queryClient;
}
