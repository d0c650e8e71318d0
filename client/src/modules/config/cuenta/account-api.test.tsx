import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { authUserQuery, type AuthUser } from '../../../api/session/auth-user.ts';
import { renderQueryHook } from '../../../test/query-hooks.tsx';
import { useRemoveSignature, useSaveUser } from './account-api.ts';

const user = {
  id: 1,
  username: 'agente',
  first_name: 'Valentina',
  signature_url: '/files/firma.png',
} as unknown as AuthUser;

afterEach(() => vi.unstubAllGlobals());

describe('account hooks: the answered user is the signed-in user, nothing refetches', () => {
  it('saving the basic info writes the answered user', async () => {
    const answered = { ...user, first_name: 'Vale' };
    mockFetch(() => ({ body: { message: 'Datos guardados', data: answered } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useSaveUser());
    queryClient.setQueryData(authUserQuery.queryKey, user);
    const answer = await act(() =>
      result.current.mutateAsync({ first_name: 'Vale', last_name: 'Muñoz', email: 'v@x.cl' }),
    );
    expect(answer.message).toBe('Datos guardados');
    expect(queryClient.getQueryData(authUserQuery.queryKey)).toEqual(answered);
    expect(invalidated).toEqual([]);
  });

  it('removing the signature writes the answered user', async () => {
    const f = mockFetch(() => ({ body: { message: 'Firma eliminada', data: { ...user, signature_url: null } } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useRemoveSignature());
    queryClient.setQueryData(authUserQuery.queryKey, user);
    await act(() => result.current.mutateAsync());
    expect(f.last()).toMatchObject({ method: 'DELETE' });
    expect(queryClient.getQueryData<AuthUser>(authUserQuery.queryKey)?.signature_url).toBeNull();
    expect(invalidated).toEqual([]);
  });
});
