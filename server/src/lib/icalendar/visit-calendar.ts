import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import type { Translate } from '../i18n.ts';
import { vtimezone } from './vtimezone.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A visit as a calendar reads it, whoever owns it (an after-sales inspection or work order, a delivery appointment):
 * the modules answer these facts through their service.ts, the calendar feed and the e-mailed invitations write
 * them the same way, so one visit has one UID everywhere and an invitation's update replaces the feed's event.
 */
export type CalendarVisit = {
  /** `order-<id>` or `delivery-<id>`: with the app's host, the event's UID. */
  key: string;
  kind: 'OI' | 'OT' | 'delivery';
  code: string | null;
  ticketCode: string | null;
  status: 'confirmed' | 'tentative' | 'cancelled';
  start: Date;
  end: Date;
  updatedAt: Date;
  place: string;
  projectName: string;
  address: string | null;
  /** The app route of the visit's record (/warranties/solicitud/12). */
  path: string;
};

export type CalendarOptions = { publicUrl: string; timeZone: string; t: Translate };

const STATUS = {
  confirmed: ICalEventStatus.CONFIRMED,
  tentative: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
} as const;
/** SEQUENCE grows with every change of the visit: seconds since 2020 of its last update (fits 32 bits until 2088). */
const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor((updatedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000));
const DAY = 86_400_000;

export const visitUid = (visit: Pick<CalendarVisit, 'key'>, publicUrl: string) =>
  `${visit.key}@${new URL(publicUrl).hostname}`;

/** A calendar in the company's zone, its VTIMEZONE covering [from, to). */
export function visitCalendar(
  opts: CalendarOptions,
  extra: { name?: string; method?: ICalCalendarMethod; ttlSeconds?: number; from: number; to: number },
): ICalCalendar {
  return ical({
    prodId: { company: 'Postventa', product: 'calendar', language: 'ES' },
    name: extra.name ?? null,
    method: extra.method ?? null,
    ttl: extra.ttlSeconds ?? null,
    timezone: { name: opts.timeZone, generator: (tz) => vtimezone(tz, extra.from, extra.to) },
  });
}

/** Writes one visit as a VEVENT: summary, place, ticket and link, status, and its revision. */
export function addVisit(calendar: ICalCalendar, visit: CalendarVisit, opts: CalendarOptions) {
  return calendar.createEvent(eventData(visit, opts));
}

function eventData(visit: CalendarVisit, opts: CalendarOptions) {
  const { t } = opts;
  const link = `${opts.publicUrl}${visit.path}`;
  const description = [
    visit.code ? t('integrations.calendar.event.order', { code: visit.code }) : null,
    visit.ticketCode ? t('integrations.calendar.event.ticket', { code: visit.ticketCode }) : null,
    t('integrations.calendar.event.project', { name: visit.projectName }),
    t('integrations.calendar.event.link', { url: link }),
  ].filter(Boolean);
  return {
    id: visitUid(visit, opts.publicUrl),
    summary: t(`integrations.calendar.event.summary_${visit.kind}`, { place: visit.place }),
    start: dayjs(visit.start).tz(opts.timeZone),
    end: dayjs(visit.end).tz(opts.timeZone),
    timezone: opts.timeZone,
    location: visit.address ? `${visit.address} (${visit.projectName})` : visit.projectName,
    description: description.join('\n'),
    url: link,
    status: STATUS[visit.status],
    sequence: sequenceOf(visit.updatedAt),
    lastModified: visit.updatedAt,
    stamp: visit.updatedAt,
  };
}

/**
 * The invite.ics of an e-mail about one visit to `to`: METHOD:REQUEST (add or update the event with the feed's UID), or
 * METHOD:CANCEL when the visit was called off.
 */
export function visitInvite(visit: CalendarVisit, opts: CalendarOptions & { to: string }) {
  const cancel = visit.status === 'cancelled';
  const method = cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = visitCalendar(opts, { method, from: visit.start.getTime() - DAY, to: visit.end.getTime() + DAY });
  // iTIP (RFC 5546) asks a REQUEST for its organizer and attendee: the app's no-reply address, and the recipient,
  // who answers through the e-mail's link, not by RSVP.
  const event = addVisit(calendar, visit, opts);
  event.organizer({ name: 'Postventa', email: `no-reply@${new URL(opts.publicUrl).hostname}` });
  event.createAttendee({ email: opts.to, rsvp: false });
  return {
    filename: 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendar.toString(),
  };
}
