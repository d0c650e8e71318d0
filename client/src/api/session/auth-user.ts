import { queryOptions, useQuery } from '@tanstack/react-query';
import { can } from '#domain/permissions';
import { PERMISSIONS_CHANGED_EVENT } from '#domain/realtime';
import { invalidate, registerLiveSync } from '../../realtime/live-sync-registry.ts';
import { apiV2 } from '../clients.ts';
import { isUnauthenticated } from '../errors.ts';
import { showErrorToast } from '../notify.ts';
import { createQueryKeys } from '../query.ts';
import type { GridMode } from '../../shared/session/session-store.ts';

/** Project option of docs/product.md §3 (select): also what auth/usuario lists. */
export type ProjectOption = {
  id: number;
  name: string;
  address_full: string;
  image_url: string | null;
  is_closed: boolean;
  is_blocked: boolean;
};

/** GET auth/usuario (docs/product.md §3 Auth user). */
export type AuthUser = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  email_verified: boolean;
  signature_verified: boolean;
  signature_url: string | null;
  locale: string | null;
  kind: 'staff' | 'owner';
  settings: Record<string, unknown>;
  grupo: { id: number; desc_grupo: string; permisos: Record<string, boolean> };
  is_ryr: boolean;
  company: { id: number; name: string; country: string };
  proyectos: ProjectOption[];
};

export const authKeys = createQueryKeys('auth');

/**
 * The signed-in user, or null when there is no session. GET auth/sesion answers 200 with null for a visitor, so a
 * first load makes no failed request (a 401 would be a console error); a 401 is still read as no session, and any
 * other failure toasts (docs/product.md §8).
 */
export const authUserQuery = queryOptions({
  queryKey: authKeys.item('usuario'),
  queryFn: async (): Promise<AuthUser | null> => {
    try {
      const res = await apiV2.get<{ data: AuthUser | null }>('auth/sesion', { silent: true });
      return res.data;
    } catch (err) {
      if (isUnauthenticated(err)) return null;
      const e = err as { status?: number; message?: string; errors?: string[] };
      showErrorToast(e.status ?? 0, e.message, e.errors ?? []);
      throw err;
    }
  },
  staleTime: 5 * 60_000,
});

// Their profile changed or a company module was switched (docs/product.md §6): an open tab refetches who the
// user is, so menus and buttons follow without a reload.
registerLiveSync(PERMISSIONS_CHANGED_EVENT, invalidate(authUserQuery.queryKey));

export function useAuthUser() {
  return useQuery(authUserQuery);
}

/** A group described as 'ryr' counts as RyR (docs/product.md §3), whatever its flags say. */
export function permissionsOf(user: AuthUser | null | undefined): Record<string, boolean> {
  if (!user) return {};
  return user.is_ryr ? { ...user.grupo.permisos, ryr: true } : user.grupo.permisos;
}

/** docs/product.md §6 check for the current user: 'a|b', 'a&b', optional negation; non-strings are allowed. */
export function useCan(expression: unknown, negate = false): boolean {
  const { data } = useAuthUser();
  return can(permissionsOf(data), expression, negate);
}

/** Per-user settings kept on the account (PUT auth/usuario settings), so they follow the user across browsers. */
export const SETTING_KEYS = { defaultProject: 'default_project_id', homeView: 'home_view' } as const;

export function settingsOf(user: AuthUser): { defaultProjectId: number | null; homeView: GridMode | null } {
  const project = user.settings?.[SETTING_KEYS.defaultProject];
  const view = user.settings?.[SETTING_KEYS.homeView];
  return {
    defaultProjectId: typeof project === 'number' ? project : null,
    homeView: view === 'grid' || view === 'list' ? view : null,
  };
}
