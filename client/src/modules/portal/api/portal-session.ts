import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiV2 } from '../../../api/clients.ts';
import { authUserQuery, type AuthUser } from '../../../api/session/auth-user.ts';
import { session } from '../../../shared/session/session-store.ts';

/** Owner sign-in (auth/login, silent: the page shows the failure itself); the signed-in user goes into the session query. */
export function usePortalLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; password: string }) =>
      apiV2.post<{ data: AuthUser }>('auth/login', input, { silent: true }).then((r) => r.data),
    onSuccess: (user) => queryClient.setQueryData(authUserQuery.queryKey, user),
  });
}

/** First access (docs/product.md#owner-portal): the e-mailed link to choose a password; the answer's message says where it went. */
export function useRequestAccessLink() {
  return useMutation({
    mutationFn: (username: string) => apiV2.post<{ message: string }>('auth/password/forgot', { username }),
  });
}

/** Sign-out from the portal: the session ends, the tab forgets the owner's data and shows the portal's sign-in. */
export function usePortalLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await apiV2.post('auth/logout');
    } finally {
      session.clearUser();
      queryClient.removeQueries();
      queryClient.setQueryData(authUserQuery.queryKey, null);
      navigate('/portal/ingresar', { replace: true });
    }
  }, [queryClient, navigate]);
}
