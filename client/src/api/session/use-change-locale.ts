import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppLocale } from '../../shared/i18n.ts';
import { session } from '../../shared/session/session-store.ts';
import { applyLocale } from '../../shared/use-locale.ts';
import { apiV2 } from '../clients.ts';
import { authUserQuery } from './auth-user.ts';

/**
 * Switches the language (user menu and /config/cuenta): kept in browser storage, and saved on the
 * account when signed in so server messages and e-mails follow. Server-made texts are refetched.
 */
export function useChangeLocale() {
  const queryClient = useQueryClient();
  return useCallback(
    async (locale: AppLocale) => {
      if (session.get().locale === locale) return;
      await applyLocale(locale);
      const user = queryClient.getQueryData(authUserQuery.queryKey);
      if (user) await apiV2.put('auth/locale', { locale }).catch(() => undefined); // failure already toasted
      await queryClient.invalidateQueries();
    },
    [queryClient],
  );
}
