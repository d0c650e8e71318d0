import { z } from 'zod';

/**
 * The realtime protocol shared by the gateway (realtime/), the server's outbox and the browser
 * (docs/architecture.md §5): the event every client receives, the typed Socket.IO events and the room names.
 * Pure types, string helpers and the one query schema of the gateway's replay call.
 */

/** A committed domain event as clients see it. `id` is the outbox id: monotonically increasing. */
export type LiveEvent = {
  id: number;
  /** Namespaced, e.g. 'ticket.state_changed', 'notification.created'. */
  type: string;
  companyId: number;
  projectId: number | null;
  /** The thing that changed; absent for events about a user only. */
  entity: { type: string; id: number } | null;
  /** Set when the event is addressed to one user (their topic qa/<c>/users/<u>). */
  userId: number | null;
  /** Who caused it (null for the system). */
  actorId: number | null;
  /** For state changes: the machine event and the states before and after. */
  action: string | null;
  from: string | null;
  to: string | null;
  data: Record<string, unknown>;
  /** ISO time of the commit. */
  at: string;
};

/**
 * A sign-in session ended (logout, password change or reset, a disabled user): addressed to the
 * user, with `data.session` the session's public key. Gateways disconnect that session's sockets
 * and the embedded broker its MQTT clients; it is never emitted to browsers.
 */
export const SESSION_ENDED_EVENT = 'session.ended';

/**
 * What a user may do changed (their profile was edited or deleted, a company module switched on or off,
 * docs/product.md §6): addressed to each user of the profile, or to the company for a module switch. An open
 * tab refetches its user, so menus and buttons follow without a reload.
 */
export const PERMISSIONS_CHANGED_EVENT = 'permissions.changed';

/**
 * The part of an event's data only staff screens may read (a ticket's list row with its clocks, say): the
 * gateway sends events without it to owner sockets, and webhooks never carry it.
 */
export const STAFF_DATA = 'staff';

/** The event as an owner's socket receives it: without its staff part. */
export function withoutStaffData(event: LiveEvent): LiveEvent {
  if (!(STAFF_DATA in event.data)) return event;
  const { [STAFF_DATA]: _staff, ...data } = event.data;
  return { ...event, data };
}

/** Room every owner socket joins by itself, so an emit can leave owners out (`except`); no client may ask for it. */
export const OWNER_SOCKETS_ROOM = 'owners';

export type RoomKind = 'company' | 'project' | 'user' | 'entity';

/** Room names: company:<id>, project:<id>, user:<id>, and <entityType>:<id> (ticket:<id>…). */
export const rooms = {
  company: (id: number) => `company:${id}`,
  project: (id: number) => `project:${id}`,
  user: (id: number) => `user:${id}`,
  entity: (type: string, id: number) => `${type}:${id}`,
} as const;

export type ParsedRoom = { kind: RoomKind; type: string; id: number };

const ROOM = /^([a-z][a-z0-9_]{0,31}):([1-9][0-9]{0,9})$/;

/** Parses a room name; anything else (wildcards, extra colons, huge ids) is undefined. */
export function parseRoom(name: unknown): ParsedRoom | undefined {
  if (typeof name !== 'string') return undefined;
  const m = ROOM.exec(name);
  if (!m) return undefined;
  const type = m[1];
  const id = Number(m[2]);
  const kind: RoomKind = type === 'company' || type === 'project' || type === 'user' ? type : 'entity';
  return { kind, type, id };
}

/** The rooms an event is emitted to: its user, or its project (or company) plus its entity. */
export function roomsOfEvent(e: Pick<LiveEvent, 'companyId' | 'projectId' | 'entity' | 'userId'>): string[] {
  if (e.userId !== null) return [rooms.user(e.userId)];
  const scope = e.projectId !== null ? rooms.project(e.projectId) : rooms.company(e.companyId);
  return e.entity ? [scope, rooms.entity(e.entity.type, e.entity.id)] : [scope];
}

export type JoinResult = { ok: true } | { ok: false; error: 'forbidden' | 'invalid' };

/** Server → client Socket.IO events. */
export type ServerToClientEvents = {
  /** One committed domain event (live, recovered or replayed from the outbox). */
  event: (e: LiveEvent) => void;
  /** The gap since the client's last event was too large to replay: refetch everything. */
  resync: () => void;
  /**
   * The gateway lost its broker for a while (or just started) and may have missed events for
   * this socket: the client answers with `replay` from the last id it saw.
   */
  gap: () => void;
};

/** Client → server Socket.IO events; each answers through the ack callback. */
export type ClientToServerEvents = {
  join: (room: string, ack: (r: JoinResult) => void) => void;
  leave: (room: string, ack: (r: JoinResult) => void) => void;
  /** Asks for the events after `lastEventId` in this socket's rooms (answer to `gap`). */
  replay: (lastEventId: number, ack: (r: { ok: boolean }) => void) => void;
};

/**
 * Sent in every handshake `auth`: the last event id the client saw and the rooms it holds. A new
 * or unrecovered connection joins those rooms (each checked) and then replays the events after
 * that id, so nothing is lost between a reconnect and the rejoin.
 */
export type HandshakeAuth = { lastEventId?: number; rooms?: string[] };

/** How many events a reconnecting client may be replayed before it is told to resync instead. */
export const REPLAY_LIMIT = 500;

/** GET realtime/events: the outbox replay a standalone gateway asks the API for. */
export const replayQuerySchema = z.object({
  after: z.coerce.number({ error: 'validation.required' }).int().min(0),
  rooms: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(z.string().max(64)).max(50, 'validation.max_items'),
  ),
  limit: z.coerce.number().int().min(1).max(REPLAY_LIMIT).default(REPLAY_LIMIT),
});
