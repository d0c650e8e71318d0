import { Hono } from 'hono';
import { emptyBody } from '#domain/commands';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requireStaff } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { notFound } from '../../../lib/errors.ts';
import { listFeeds, myFeed, revokeFeed, rotateMyFeed } from './feeds.ts';
import { feedCalendar } from './feed-calendar.ts';

/**
 * GET /calendario/<token>.ics (docs/api.md "Calendar feeds"): what a calendar application subscribes to. Public —
 * the unguessable token is the credential, calendar apps send no cookie — so it lives beside the files outside the
 * session API (server/src/app.ts). Anything but a live feed of a running scheduling tool is a plain 404.
 */
export const calendarFeedRoutes = new Hono<AppEnv>().get('/:token', async (c) => {
  // The segment is '<token>.ics' (calendar applications like the extension); anything else is no feed.
  const token = /^([A-Za-z0-9_-]+)\.ics$/.exec(c.req.param('token'))?.[1];
  const ics = token && (await feedCalendar(c.var.deps, token));
  if (!ics) throw notFound();
  return c.body(ics, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': 'inline; filename="postventa.ics"',
    'cache-control': 'private, max-age=300',
  });
});

/**
 * The signed-in staff user's own feed (configuracion/integraciones/calendario/mi-feed): any staff user, not only
 * config_integraciones — whoever is assigned visits subscribes to them. Mounted before the integrations module
 * (server/src/api.ts) so its permission does not apply.
 */
export const personalFeedRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .get('/', async (c) => c.json({ data: await myFeed(c.var.deps, currentUser(c)) }))
  .post('/rotar', async (c) => {
    await jsonBody(c, emptyBody);
    const data = await rotateMyFeed(c.var.deps, currentUser(c));
    return c.json({ message: c.var.t('integrations.calendar.rotated'), data });
  });

/** Administrators (config_integraciones, the module's guard) see who has a feed and revoke one. */
export const calendarAdminRoutes = new Hono<AppEnv>()
  .get('/feeds', async (c) => c.json({ data: await listFeeds(c.var.deps, currentUser(c)) }))
  .delete('/feeds/:userId', async (c) => {
    await revokeFeed(c.var.deps, currentUser(c), idParam(c.req.param('userId')));
    return c.json({ message: c.var.t('integrations.calendar.revoked') });
  });
