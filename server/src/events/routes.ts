import { Hono } from 'hono';
import { parseRoom, replayQuerySchema } from '#domain/realtime';
import { TOPIC_ROOT, userTopic, wireTopic } from '#domain/realtime-topics';
import type { AppEnv } from '../http/context.ts';
import { currentUser, requireUser } from '../auth/guard.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { queryOf } from '../lib/validate.ts';
import { canJoinRoom, embeddingOriginsOf, replayEvents } from './access.ts';
import { liveSessionKey } from '../auth/session-end.ts';
import { settingsOf } from './realtime-settings.ts';

/**
 * What a gateway running alone (`npm run start:realtime`) asks the API with the user's own
 * cookie: who the session is, whether a room may be joined, and the outbox replay. The same
 * checks the in-process gateway calls directly (access.ts).
 */
export const realtimeRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/session', async (c) => {
    const u = currentUser(c);
    const origins = await embeddingOriginsOf(c.var.deps, u);
    return c.json({
      data: { id: u.id, companyId: u.companyId, kind: u.kind, sessionKey: liveSessionKey(u.sessionId), origins },
    });
  })
  .get('/rooms/:room', async (c) => {
    const room = parseRoom(c.req.param('room'));
    if (!room) throw new ApiError(422, 'errors.validation', undefined, [{ field: 'room', key: 'validation.invalid' }]);
    // A room the caller may not join is a record they may not see: 404, never a hint it exists (docs/architecture.md §4).
    if (!(await canJoinRoom(c.var.deps, currentUser(c), room))) throw notFound();
    return c.json({ data: { ok: true } });
  })
  .get('/events', async (c) => {
    const q = queryOf(c, replayQuerySchema);
    const { events, complete } = await replayEvents(c.var.deps, currentUser(c), q.after, q.rooms, q.limit);
    return c.json({ data: events, complete });
  });

/**
 * POST auth/mqtt-credentials (docs/decisions.md, Realtime): short-lived MQTT credentials for the mobile app and
 * devices. The embedded broker enforces them: subscribe to the user's own topic, their visible
 * projects' topics and (staff) their company's; never publish. An external broker (MQTT_URL)
 * must be given the same rules in its ACL (docs/operations.md). The runtime that runs the broker
 * signs them (deps.mqttCredentials); a process without one answers 503.
 */
export const mqttCredentialRoutes = new Hono<AppEnv>().post('/mqtt-credentials', requireUser, (c) => {
  const u = currentUser(c);
  const issue = c.var.deps.mqttCredentials;
  if (!issue) throw new ApiError(503, 'errors.realtime_unavailable');
  const settings = settingsOf(c.var.deps);
  const ns = settings.mqttNamespace;
  const isStaff = u.kind === 'staff';
  // Bound to this session: the broker refuses them, and closes their connections, once it ends.
  const grant = {
    companyId: u.companyId,
    userId: u.id,
    projectIds: u.projectIds,
    isStaff,
    sid: liveSessionKey(u.sessionId),
  };
  const creds = issue(grant, settings.mqttCredentialsTtl);
  const base = `${TOPIC_ROOT}/${u.companyId}`;
  return c.json({
    data: {
      username: creds.username,
      password: creds.password,
      client_id_prefix: `${creds.username}-`,
      expires_at: creds.expiresAt.toISOString(),
      url: settings.mqttPublicUrl,
      topic: wireTopic(userTopic(u.companyId, u.id), ns),
      topics: [
        wireTopic(userTopic(u.companyId, u.id), ns),
        ...u.projectIds.map((p) => wireTopic(`${base}/projects/${p}/#`, ns)),
        ...(isStaff ? [wireTopic(`${base}/company/#`, ns)] : []),
      ],
    },
  });
});
