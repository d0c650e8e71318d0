import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { system } from '../app/theme.ts';

/** Renders a component inside the app's providers (Chakra, Query, router) for component tests. */
export function renderWithProviders(ui: ReactElement, opts: { route?: string; queryClient?: QueryClient } = {}) {
  const queryClient = opts.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[opts.route ?? '/']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}
