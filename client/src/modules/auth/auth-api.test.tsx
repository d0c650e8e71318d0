import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { mockFetch } from '../../api/mock-fetch.ts';
import { authUserQuery } from '../../api/session/auth-user.ts';
import { session } from '../../shared/session/session-store.ts';
import { renderQueryHook } from '../../test/query-hooks.tsx';
import { useLogin } from './auth-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

describe('useLogin', () => {
  it("makes the answered user the session, in the account's language, without refetching anything", async () => {
    const user = { id: 1, username: 'admin', locale: 'pt-BR', grupo: { permisos: {} }, proyectos: [] };
    mockFetch(() => ({ body: { data: user } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useLogin());
    await act(() => result.current.mutateAsync({ username: 'admin', password: 'demo1234' }));
    expect(queryClient.getQueryData(authUserQuery.queryKey)).toEqual(user);
    expect(session.get().locale).toBe('pt-BR');
    expect(invalidated).toEqual([]);
  });
});
