import type { LiveEvent, ParsedRoom } from '#domain/realtime';
import type { GatewayAuthority, GatewayUser } from './gateway.ts';

export type RemoteUser = GatewayUser & { cookie: string; origins: readonly string[] };

const SESSION_COOKIE = 'qa_session';

/** Only the session cookie travels to the API; whatever else the browser sent stays here. */
function sessionCookie(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return `${SESSION_COOKIE}=${part.slice(eq + 1).trim()}`;
  }
  return undefined;
}

/**
 * The authority of a gateway running alone (`npm run start:realtime`): it asks the API, with the
 * user's own session cookie, who the session is, whether a room may be joined and what to replay
 * (server/src/events/routes.ts). The API applies exactly the checks of the in-process gateway.
 */
export function httpAuthority(apiUrl: string, opts: { timeoutMs?: number } = {}): GatewayAuthority<RemoteUser> {
  const base = `${apiUrl.replace(/\/+$/, '')}/api/v2/public/api/realtime`;
  const call = (path: string, cookie: string) =>
    fetch(`${base}${path}`, {
      headers: { cookie, accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
  return {
    async authenticate(header) {
      const cookie = sessionCookie(header);
      if (!cookie) return undefined;
      const res = await call('/session', cookie);
      if (res.status === 401 || res.status === 403) return undefined;
      if (!res.ok) throw new Error(`API answered ${res.status}`);
      const { data } = (await res.json()) as { data: GatewayUser & { origins?: string[] } };
      return {
        id: data.id,
        companyId: data.companyId,
        kind: data.kind,
        sessionKey: data.sessionKey,
        origins: data.origins ?? [],
        cookie,
      };
    },
    // Answered with the session (GET realtime/session), so a handshake costs one call.
    embeddingOrigins: async (user) => user.origins,
    async canJoin(user, room: ParsedRoom) {
      const res = await call(`/rooms/${encodeURIComponent(`${room.type}:${room.id}`)}`, user.cookie);
      return res.ok;
    },
    async replaySince(user, lastId, rooms, limit) {
      const q = new URLSearchParams({ after: String(lastId), rooms: rooms.join(','), limit: String(limit) });
      const res = await call(`/events?${q}`, user.cookie);
      if (!res.ok) throw new Error(`API answered ${res.status}`);
      const body = (await res.json()) as { data: LiveEvent[]; complete: boolean };
      return { events: body.data, complete: body.complete };
    },
  };
}
