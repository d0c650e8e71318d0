import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { mockFetch } from '../mock-fetch.ts';
import { authUserQuery, type AuthUser } from './auth-user.ts';
import { session } from '../../shared/session/session-store.ts';
import { useLogout } from './use-logout.ts';

function logoutAs(user: Partial<AuthUser>) {
  mockFetch(() => ({ body: {} }));
  const queryClient = new QueryClient();
  queryClient.setQueryData(authUserQuery.queryKey, user as AuthUser);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useLogout(), { wrapper }).result.current;
}

describe('logout and the language', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("gives the browser's language back when the current one came with the account", async () => {
    session.setLocale('pt-BR'); // applied at sign-in from the account
    const logout = logoutAs({ locale: 'pt-BR' });
    await act(() => logout());
    expect(session.get().locale).toBe('es'); // happy-dom's browser asks for en-US: es, the fallback
  });

  it('keeps the language chosen in this browser when the account has none', async () => {
    session.setLocale('pt-BR');
    const logout = logoutAs({ locale: null });
    await act(() => logout());
    expect(session.get().locale).toBe('pt-BR');
  });
});
