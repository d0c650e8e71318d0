import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies } from '../../../db/schema/index.ts';
import { timezoneOf } from '../../../lib/time-zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Where dates are grouped (weeks) and filtered: the browser's zone when the screen sends it, else the company's
 * (server/src/lib/time-zones.ts, docs/product.md §9 time zone).
 */
export async function companyTimezone(db: DbOrTx, companyId: number, requested?: string) {
  const [c] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  return timezoneOf(c?.country, requested);
}

export { dayjs };
