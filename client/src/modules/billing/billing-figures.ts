import { formatBytes, formatNumber } from '#domain/format';
import type { BillingOverview, InvoiceRow, MonthUsage } from '#domain/billing-responses';
import type { UsageMetric } from '#domain/billing';
import { formatDate } from '../../shared/format.ts';

/**
 * What the billing screen reads out of an overview (domain/billing-responses.ts): how full each limit is, which
 * figures went past the plan, how money and megabytes print. Pure, so the screen and its tests agree.
 */

export type LimitUse = { limit: number | null; used: number };

/** How much of a limit is taken: a share for the bar (0–100, capped), and whether it went over. No limit: no share. */
export function limitShare({ limit, used }: LimitUse): { percent: number | null; over: boolean; full: boolean } {
  if (limit === null) return { percent: null, over: false, full: false };
  const percent = limit === 0 ? (used > 0 ? 100 : 0) : Math.min(100, Math.round((used / limit) * 100));
  return { percent, over: used > limit, full: used >= limit };
}

export type LimitScope = 'company' | 'group' | 'project';
export type LimitEntry = LimitUse & { scope: LimitScope; id: number | null; name: string | null };

/** The company's limit first, then its project groups and projects, each by name. */
export function limitEntries(limits: BillingOverview['limits']): LimitEntry[] {
  const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));
  return [
    { scope: 'company', id: null, name: null, ...limits.company },
    ...byName(limits.groups).map((g) => ({ scope: 'group' as const, ...g })),
    ...byName(limits.projects).map((p) => ({ scope: 'project' as const, ...p })),
  ];
}

/** The limits whose active users went past them. */
export const overLimits = (limits: BillingOverview['limits']) => limitEntries(limits).filter((e) => limitShare(e).over);

/** Whether a month's figure went past the plan (the server's `over`, from domain/billing.ts overPlan). */
export const isOver = (month: MonthUsage, metric: UsageMetric) => month.over.includes(metric);

/** Invoices newest period first (the server's order, kept after a write adds one). */
export const newestFirst = (invoices: readonly InvoiceRow[]) =>
  [...invoices].sort((a, b) => b.period.localeCompare(a.period) || b.id - a.id);

export const overdueInvoices = (invoices: readonly InvoiceRow[]) => invoices.filter((i) => i.state === 'vencida');

/** An amount in its currency: 'CLP 1.250.000', decimals only when there are any ('USD 12,5'). */
export const moneyText = (amount: number, currency: string) => `${currency} ${formatNumber(amount, { precision: 2 })}`;

/** Megabytes as the upload limits print sizes (binary multiples): 1536 → '1,5 GB'; none is '0 MB', not '0 B'. */
export const megabytesText = (mb: number) => (mb === 0 ? '0 MB' : formatBytes(mb * 1024 * 1024));

/** '2026-11' as the first day of that month, for the date formatters. */
export function periodDate(period: string): Date {
  const [y, m] = period.split('-').map(Number);
  return new Date(y, m - 1, 1);
}

/** The usage months oldest first, as a chart reads left to right. */
export const chronological = (usage: readonly MonthUsage[]) =>
  [...usage].sort((a, b) => a.period.localeCompare(b.period));

/** '2026-11' → 'nov 2026' (es) / 'nov. de 2026' (pt-BR). */
export const periodText = (period: string, language: string) =>
  formatDate(periodDate(period), language.startsWith('pt') ? 'pt-BR' : 'es', { month: 'short', year: 'numeric' });
