import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiV2 } from '../../api/clients.ts';
import { session } from './session-store.ts';
import { authUserQuery } from './auth-user.ts';

/** Logout: the server drops the session; the tab forgets the user's data but keeps locale and grid_mode. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await apiV2.post('auth/logout');
    } finally {
      session.clearUser();
      queryClient.removeQueries();
      queryClient.setQueryData(authUserQuery.queryKey, null);
      navigate('/auth/login', { replace: true });
    }
  }, [queryClient, navigate]);
}
