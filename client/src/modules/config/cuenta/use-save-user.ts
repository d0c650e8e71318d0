import { useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../api/notify.ts';
import { authUserQuery, type AuthUser } from '../../../shared/session/auth-user.ts';

/** Account answers carry the fresh user: put it in the cache and confirm with the server's message. */
export function useApplyUserAnswer() {
  const queryClient = useQueryClient();
  return (answer: { message?: string; data?: AuthUser }) => {
    if (answer.data) queryClient.setQueryData(authUserQuery.queryKey, answer.data);
    if (answer.message) showSuccessToast(answer.message);
  };
}
