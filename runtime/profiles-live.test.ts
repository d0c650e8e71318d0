import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import {
  PERMISSIONS_CHANGED_EVENT,
  type ClientToServerEvents,
  type LiveEvent,
  type ServerToClientEvents,
} from '#domain/realtime';
import { profiles, users } from '../server/src/db/schema/index.ts';
import { createRealtimeTestContext, type RealtimeTestContext } from './test-support.ts';

// docs/product.md §6: a change to a profile takes effect in the open sessions of its users without reload. The
// API side (permissions recomputed, events written) is server/src/modules/config/profiles/profiles.test.ts; here
// the event travels relay → broker → gateway to the sockets of the profile's users, and to no one else.
let ctx: RealtimeTestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createRealtimeTestContext();
  for (const who of ['admin', 'agente', 'supervisor']) cookies[who] = await ctx.login(who);
});
afterAll(async () => ctx?.close());

function open(cookie: string) {
  const s: Socket<ServerToClientEvents, ClientToServerEvents> = connect(ctx.baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie },
  });
  const got: LiveEvent[] = [];
  s.on('event', (e) => got.push(e));
  return { s, got, ready: new Promise<void>((r) => s.once('connect', () => r())) };
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('profile and module changes reach open sessions (docs/product.md §6)', () => {
  it("a profile change reaches its users' sockets only; a module switch reaches every staff socket", async () => {
    const [agente] = await ctx.db.select().from(users).where(eq(users.username, 'agente'));
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, agente.profileId!));
    const mine = open(cookies.agente);
    const other = open(cookies.supervisor);
    await Promise.all([mine.ready, other.ready]);
    // Give the gateway a moment to join the sockets to their user and company rooms.
    await new Promise((r) => setTimeout(r, 200));

    const res = await ctx.request('PUT', `configuracion/permisos/${profile.id}`, {
      cookie: cookies.admin,
      body: {
        name: profile.name,
        groups: profile.groups,
        permissions: profile.permissions.filter((f) => f !== 'postventa_crear'),
      },
    });
    expect(res.status).toBe(200);
    const isProfileChange = (e: LiveEvent) => e.type === PERMISSIONS_CHANGED_EVENT && e.entity?.id === profile.id;
    expect(await until(() => mine.got.some(isProfileChange))).toBe(true);
    expect(mine.got.find(isProfileChange)).toMatchObject({
      userId: agente.id,
      entity: { type: 'profile', id: profile.id },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(other.got.filter(isProfileChange)).toHaveLength(0);

    const off = await ctx.request('PUT', 'configuracion/permisos/modulos/biblioteca', {
      cookie: cookies.admin,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    const isSwitch = (e: LiveEvent) => e.type === PERMISSIONS_CHANGED_EVENT && e.data.modulo === 'biblioteca';
    expect(await until(() => mine.got.some(isSwitch) && other.got.some(isSwitch))).toBe(true);
    mine.s.disconnect();
    other.s.disconnect();
  });
});
