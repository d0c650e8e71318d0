import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '#domain/schemas/auth';
import { apiV2 } from '../../api/clients.ts';
import { authUserQuery, type AuthUser } from '../../api/session/auth-user.ts';
import { adoptAccountLocale } from '../../shared/use-locale.ts';

/** Auth calls of docs/product.md §2/§7 (server/src/modules/auth/routes.ts). */
export const authApi = {
  // Silent: the login form shows the failure itself (docs/product.md §8 message in an alert), so a toast would
  // say it twice and outlive the page after a successful retry.
  login: (input: LoginInput) =>
    apiV2.post<{ data: AuthUser }>('auth/login', input, { silent: true }).then((r) => r.data),
  forgotPassword: (username: string) => apiV2.post<{ message: string }>('auth/password/forgot', { username }),
  resetPassword: (input: { token: string; password: string; password_confirmation: string }) =>
    apiV2.post<{ message: string }>('auth/password/reset', input),
};

/** Only same-app paths are followed after login (no open redirect through ?redirect=). */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/auth')) return '/home';
  return raw;
}

/** Sign in: the answered user is the session (its cache), in the language saved on the account. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.login,
    onSuccess: async (user) => {
      await adoptAccountLocale(user.locale); // the language saved on the account, in any browser
      queryClient.setQueryData(authUserQuery.queryKey, user);
    },
  });
}

/** The recovery calls change no cached data: the pages show the server's answer. */
export const useForgotPassword = () => useMutation({ mutationFn: authApi.forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: authApi.resetPassword });
