import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiV2 } from '../clients.ts';
import { browserLocale, session } from '../../shared/session/session-store.ts';
import { authUserQuery } from './auth-user.ts';

/**
 * Logout: the server drops the session; the tab forgets the user's data but keeps grid_mode. The
 * language stays too, unless it came with the account (applied at sign-in): then the browser's
 * returns, so the next person at a shared computer is not handed the last user's language.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const accountLocale = queryClient.getQueryData(authUserQuery.queryKey)?.locale;
    try {
      await apiV2.post('auth/logout');
    } finally {
      session.clearUser();
      if (accountLocale) session.setLocale(browserLocale());
      queryClient.removeQueries();
      queryClient.setQueryData(authUserQuery.queryKey, null);
      navigate('/auth/login', { replace: true });
    }
  }, [queryClient, navigate]);
}
