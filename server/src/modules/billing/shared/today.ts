import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies } from '../../../db/schema/index.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { notFound } from '../../../lib/errors.ts';

/** A company row and its calendar's today (YYYY-MM-DD): invoices fall due and months turn in its time zone. */
export async function companyCalendar(db: DbOrTx, companyId: number, now = new Date()) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const tz = countryTimezone(company.country);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
  return { company, tz, today };
}

/** The period `months` months after `period` (negative: before). */
export function shiftPeriod(period: string, months: number): string {
  const [y, m] = period.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The `count` months ending with `period`, newest first ('2026-12' → ['2026-12', '2026-11', …]). */
export const monthsBack = (period: string, count: number) =>
  Array.from({ length: count }, (_, i) => shiftPeriod(period, -i));

/** The first day of the month after `period`: a month's figures count what happened before it. */
export const nextMonthStart = (period: string) => `${shiftPeriod(period, 1)}-01`;
