import { and, eq, gte, isNotNull, lte, or, isNull, ne, sql } from 'drizzle-orm';
import { CONFIG_WORKERS } from '#domain/permissions';
import { CONTRACT_ENDING_NOTICE_DAYS } from '#domain/workers';
import { addDays, todayIn } from '../shared/dates.ts';
import { companies, workers } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { staffHolding } from '../shared/people.ts';

const SWEEP_LIMIT = 200;

/**
 * docs/product.md §2 trabajadores: whoever manages workers is told once when an active worker's contract ends within
 * CONTRACT_ENDING_NOTICE_DAYS. Each worker is claimed by writing the end date noticed (`end_notice_for`) with a
 * condition on it, so two instances never notify twice and a changed end date is noticed again.
 */
export async function noticeEndingContracts(deps: AppDeps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  // The widest window any zone could be in; each company's own "today" is checked below.
  const horizon = addDays(todayIn(now, 'UTC'), CONTRACT_ENDING_NOTICE_DAYS + 1);
  const due = await db
    .select({ id: workers.id, endDate: workers.endDate, country: companies.country })
    .from(workers)
    .innerJoin(companies, eq(companies.id, workers.companyId))
    .where(
      and(
        eq(workers.isActive, true),
        isNotNull(workers.endDate),
        lte(workers.endDate, horizon),
        gte(workers.endDate, addDays(todayIn(now, 'UTC'), -1)),
        or(isNull(workers.endNoticeFor), ne(workers.endNoticeFor, workers.endDate)),
      ),
    )
    .limit(SWEEP_LIMIT);
  let noticed = 0;
  for (const row of due) {
    const today = todayIn(now, countryTimezone(row.country));
    const endDate = row.endDate!;
    if (endDate < today || endDate > addDays(today, CONTRACT_ENDING_NOTICE_DAYS)) continue;
    const done = await transactionWithEvents(deps, async (tx) => {
      const [w] = await tx
        .update(workers)
        .set({ endNoticeFor: endDate })
        .where(
          and(
            eq(workers.id, row.id),
            eq(workers.endDate, endDate),
            sql`${workers.endNoticeFor} is distinct from ${workers.endDate}`,
          ),
        )
        .returning();
      if (!w) return false;
      await recordEvent(tx, {
        type: 'worker.contract_ending',
        companyId: w.companyId,
        entity: { type: 'worker', id: w.id },
        actorId: null,
        action: 'worker.contractEnding',
        data: { ref: `${w.firstName} ${w.lastName}`, subject: endDate, endDate },
        notify: await staffHolding(tx, w.companyId, CONFIG_WORKERS),
        link: '/config/trabajadores',
      });
      return true;
    });
    if (done) noticed += 1;
  }
  return noticed;
}
