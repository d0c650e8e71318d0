import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, type MailAttachment } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { visitInvite, type CalendarVisit } from '../../../lib/icalendar/visit-calendar.ts';
import { runningConnection } from '../connections/service.ts';

/** The company's zone (its country's): the feed's and the invitations' times are written in it. */
export async function companyTimeZone(db: DbOrTx, companyId: number) {
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  return countryTimezone(company?.country);
}

/** Whether the company's scheduling tool (the calendario integration) runs: feeds answer and mails carry invites. */
export async function calendarRunning(deps: AppDeps, companyId: number) {
  return Boolean(await runningConnection(deps, deps.database.db, companyId, 'calendario'));
}

/**
 * The invite.ics a mail about a visit carries while the scheduling tool runs (none otherwise, or without a visit):
 * the same UID as the visit's event in the responsible's feed, so the owner's calendar updates the one event.
 */
export async function visitInviteAttachments(
  deps: AppDeps,
  companyId: number,
  visit: CalendarVisit | undefined,
  t: Translate,
  to: string,
): Promise<MailAttachment[]> {
  if (!visit || !(await calendarRunning(deps, companyId))) return [];
  const timeZone = await companyTimeZone(deps.database.db, companyId);
  return [visitInvite(visit, { publicUrl: deps.config.publicUrl, timeZone, t, to })];
}
