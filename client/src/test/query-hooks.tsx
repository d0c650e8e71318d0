import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';

/** One invalidateQueries call as a test reads it: the key, and whether it named that query alone. */
export type Invalidation = { queryKey: QueryKey; exact: boolean };

/** A query client whose queries never go stale on their own, so only what a hook invalidates refetches. */
export const hookTestClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });

/**
 * Renders an api hook with a query client (and a router, for hooks that navigate) and records every
 * invalidation it makes, so a test can say the response was written and only the expected keys refetch.
 */
export function renderQueryHook<T>(hook: () => T, queryClient: QueryClient = hookTestClient()) {
  const invalidated: Invalidation[] = [];
  const invalidateQueries = queryClient.invalidateQueries.bind(queryClient);
  queryClient.invalidateQueries = (
    filters?: InvalidateQueryFilters,
    options?: Parameters<QueryClient['invalidateQueries']>[1],
  ) => {
    invalidated.push({ queryKey: filters?.queryKey ?? [], exact: filters?.exact ?? false });
    return invalidateQueries(filters, options);
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(hook, { wrapper });
  return { result, queryClient, invalidated };
}
