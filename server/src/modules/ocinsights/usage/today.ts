import { eq } from 'drizzle-orm';
import { companies } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';

/**
 * The day a usage event counts on: today in the company's time zone (its country's, server/src/lib/time-zones.ts),
 * as the screens' date presets are. The zone is read once per company and process (a company's country hardly
 * changes; a restart picks a change up), so counting costs no query per request.
 */
const zones = new WeakMap<AppDeps, Map<number, Promise<Intl.DateTimeFormat>>>();

function formatterOf(deps: AppDeps, companyId: number): Promise<Intl.DateTimeFormat> {
  let byCompany = zones.get(deps);
  if (!byCompany) zones.set(deps, (byCompany = new Map()));
  let formatter = byCompany.get(companyId);
  if (!formatter) {
    formatter = deps.database.db
      .select({ country: companies.country })
      .from(companies)
      .where(eq(companies.id, companyId))
      .then(([c]) => new Intl.DateTimeFormat('en-CA', { timeZone: countryTimezone(c?.country) }));
    // A failed read is not cached: the next event asks again.
    formatter.catch(() => byCompany.delete(companyId));
    byCompany.set(companyId, formatter);
  }
  return formatter;
}

/** YYYY-MM-DD of `now` in the company's time zone. */
export async function usageDay(deps: AppDeps, companyId: number, now = new Date()): Promise<string> {
  return (await formatterOf(deps, companyId)).format(now);
}
