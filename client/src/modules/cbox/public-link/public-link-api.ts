import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CboxPublicLink } from '#domain/cbox-responses';
import { isApiError } from '../../../api/errors.ts';
import { commonHeaders } from '../../../api/http.ts';
import { apiOrigin, apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { cboxKeys } from '../api/keys.ts';

/**
 * The public side of a share link (docs/api.md, Cbox: /api/v2/public/cbox/{token}), outside the session API: no
 * session, and the unlock cookie (path-scoped to the link) travels with each call. Errors are shown by the page, not
 * toasted: an outsider sees one clear state.
 */
const base = (token: string) => `${apiOrigin()}/api/v2/public/cbox/${encodeURIComponent(token)}`;
/** Only what the call needs of the common headers (a staff session's own headers stay home). */
function options() {
  const { Accept, 'Content-Type': contentType, 'Accept-Language': language } = commonHeaders();
  return {
    silent: true,
    credentials: 'include' as const,
    headers: { Accept, 'Content-Type': contentType, 'Accept-Language': language },
  };
}

export const publicLinkKey = (token: string) => cboxKeys.item('public-link', { token });

export const publicLinkQuery = (token: string) =>
  queryOptions({
    queryKey: publicLinkKey(token),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CboxPublicLink>>(base(token), { ...options(), signal }).then((r) => r.data),
    retry: false,
    staleTime: 60_000,
  });

/** Where a file of the link is read: shown in place, or `download` as an attachment. */
export const publicLinkFileUrl = (token: string, fileId: number, download: boolean) =>
  `${base(token)}/archivos/${fileId}${download ? '?download=1' : ''}`;

/** What the page shows for a failed answer: the link wants its password, or it does not exist (any other). */
export function linkState(error: unknown): 'password' | 'unavailable' | 'failed' {
  if (!isApiError(error)) return 'failed';
  const code = (error.body as { code?: unknown } | undefined)?.code;
  if (error.status === 401 && code === 'password_required') return 'password';
  if (error.status === 404) return 'unavailable';
  return 'failed';
}

/** POST {token}/acceso: on success the cookie is set and the link is read again. */
export function useUnlockLink(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiV2.post(`${base(token)}/acceso`, { password }, options()),
    onSuccess: () => client.invalidateQueries({ queryKey: publicLinkKey(token) }),
  });
}
