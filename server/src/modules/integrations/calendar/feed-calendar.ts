import type { AppDeps } from '../../../http/context.ts';
import { loadUser } from '../../../auth/session.ts';
import { pickLocale, translator } from '../../../lib/i18n.ts';
import { addVisit, visitCalendar, type CalendarVisit } from '../../../lib/icalendar/visit-calendar.ts';
import { orderVisitsOf } from '../../after-sales/service.ts';
import { deliveryVisitsOf } from '../../deliveries/service.ts';
import { calendarRunning, companyTimeZone } from './invites.ts';
import { feedOfToken } from './feeds.ts';

const DAY = 86_400_000;
/** The window a feed lists: a month back (what just happened) and half a year ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;
/** Calendars are asked to read the feed again every 15 minutes (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 15 * 60;

/**
 * The iCalendar text of a feed URL's token: the visits its owner is responsible for (after-sales orders, delivery
 * appointments), in the projects they see, in the company's zone. Undefined — a 404 — for an unknown, rotated or
 * revoked token, a user who can no longer sign in, or while the company's scheduling tool is not active.
 */
export async function feedCalendar(deps: AppDeps, token: string, now = new Date()): Promise<string | undefined> {
  const feed = await feedOfToken(deps, token);
  if (!feed) return undefined;
  const db = deps.database.db;
  const person = await loadUser(db, feed.userId, '');
  if (!person || person.kind !== 'staff' || person.companyId !== feed.companyId) return undefined;
  if (!(await calendarRunning(deps, feed.companyId))) return undefined;
  const range = {
    from: new Date(now.getTime() - FEED_DAYS_BACK * DAY),
    to: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY),
  };
  const who = { companyId: person.companyId, userId: person.id, projectIds: person.projectIds };
  const visits: CalendarVisit[] = [
    ...(await orderVisitsOf(db, who, range)),
    ...(await deliveryVisitsOf(db, who, range)),
  ];
  const t = translator(pickLocale(person.locale ?? 'es'));
  const opts = { publicUrl: deps.config.publicUrl, timeZone: await companyTimeZone(db, person.companyId), t };
  const calendar = visitCalendar(opts, {
    name: t('integrations.calendar.feed_name', { name: `${person.firstName} ${person.lastName}`.trim() }),
    ttlSeconds: REFRESH_SECONDS,
    from: range.from.getTime(),
    to: range.to.getTime() + DAY,
  });
  for (const visit of visits.sort((a, b) => a.start.getTime() - b.start.getTime())) addVisit(calendar, visit, opts);
  return calendar.toString();
}
