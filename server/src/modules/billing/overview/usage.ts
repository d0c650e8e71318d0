import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { UsageFigures } from '#domain/billing-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { deliveryFichas, files, tickets, usageUserDays } from '../../../db/schema/index.ts';
import { nextMonthStart } from '../shared/today.ts';

const MB = 1024 * 1024;

/**
 * A company's figures of each month (domain/billing.ts USAGE_METRICS): distinct active users (usage_user_days), the
 * storage held at the month's end (uploaded files up to then), tickets created and deliveries recorded in it. Four
 * grouped queries for all the months, whatever their number.
 */
export async function monthlyUsage(
  db: DbOrTx,
  companyId: number,
  periods: string[],
  tz: string,
): Promise<Map<string, UsageFigures>> {
  const figures = new Map(periods.map((p) => [p, { active_users: 0, storage_mb: 0, tickets: 0, deliveries: 0 }]));
  if (!periods.length) return figures;
  const sorted = [...periods].sort();
  const from = `${sorted[0]}-01`;
  const to = nextMonthStart(sorted[sorted.length - 1]);
  const localMonth = (column: unknown) => sql<string>`to_char(${column} at time zone ${tz}, 'YYYY-MM')`;

  const active = await db
    .select({
      period: sql<string>`to_char(${usageUserDays.day}, 'YYYY-MM')`,
      n: sql<number>`count(distinct ${usageUserDays.userId})::int`,
    })
    .from(usageUserDays)
    .where(and(eq(usageUserDays.companyId, companyId), gte(usageUserDays.day, from), lt(usageUserDays.day, to)))
    .groupBy(sql`1`);
  for (const r of active) if (figures.has(r.period)) figures.get(r.period)!.active_users = r.n;

  const ticketMonth = localMonth(tickets.createdAt);
  const ticketRows = await db
    .select({ period: ticketMonth, n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), inArray(ticketMonth, periods)))
    .groupBy(sql`1`);
  for (const r of ticketRows) if (figures.has(r.period)) figures.get(r.period)!.tickets = r.n;

  const deliveryMonth = localMonth(deliveryFichas.deliveryRecordedAt);
  const deliveryRows = await db
    .select({ period: deliveryMonth, n: sql<number>`count(*)::int` })
    .from(deliveryFichas)
    .where(and(eq(deliveryFichas.companyId, companyId), inArray(deliveryMonth, periods)))
    .groupBy(sql`1`);
  for (const r of deliveryRows) if (figures.has(r.period)) figures.get(r.period)!.deliveries = r.n;

  // Storage at each month's end: what was uploaded before the next month began (a running sum per month).
  const uploadMonth = localMonth(files.createdAt);
  const uploaded = await db
    .select({ period: uploadMonth, bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        eq(files.status, 'uploaded'),
        lt(files.createdAt, sql`(${to}::date)::timestamp at time zone ${tz}`),
      ),
    )
    .groupBy(sql`1`);
  for (const period of sorted) {
    const bytes = uploaded.filter((u) => u.period <= period).reduce((sum, u) => sum + Number(u.bytes), 0);
    figures.get(period)!.storage_mb = Math.round(bytes / MB);
  }
  return figures;
}

/** Storage held now per company in MB, its uploaded files: every company (or those of `companyIds`) in one query. */
export async function storageMbByCompany(db: DbOrTx, companyIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ companyId: files.companyId, bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
    .from(files)
    .where(and(eq(files.status, 'uploaded'), companyIds ? inArray(files.companyId, companyIds) : undefined))
    .groupBy(files.companyId);
  return new Map(rows.map((r) => [r.companyId, Math.round(Number(r.bytes) / MB)]));
}

/** The company's storage now, in MB. */
export async function storageUsedMb(db: DbOrTx, companyId: number): Promise<number> {
  return (await storageMbByCompany(db, [companyId])).get(companyId) ?? 0;
}
