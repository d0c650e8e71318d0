import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies } from '../../../db/schema/index.ts';
import { timezoneOf } from '../../../lib/time-zones.ts';

/** The company's time zone (docs/product.md §9 time zone: its country's). */
export async function companyTimezone(db: DbOrTx, companyId: number, requested?: string): Promise<string> {
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  return timezoneOf(company?.country, requested);
}

/** The calendar day `now` is in `tz`, as YYYY-MM-DD (en-CA writes days so). */
export const dayIn = (now: Date, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
