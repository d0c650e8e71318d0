import { BILLING_LIMITS } from '#domain/billing';

/**
 * The billing periods the "Emitir factura" picker offers (domain/billing.ts PERIOD_PATTERN 'YYYY-MM'): the months
 * already started, newest first, and last month by default — the month a provider invoices once it has closed.
 */

const periodOfMonth = (year: number, monthIndex: number) => {
  const d = new Date(year, monthIndex, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** The month before `today`'s ('2026-01-15' → '2025-12'), in the browser's calendar. */
export const lastMonthPeriod = (today: Date = new Date()) => periodOfMonth(today.getFullYear(), today.getMonth() - 1);

/** The current month and the `count - 1` before it, newest first. */
export function recentPeriods(today: Date = new Date(), count: number = BILLING_LIMITS.usageMonths + 1): string[] {
  return Array.from({ length: count }, (_, i) => periodOfMonth(today.getFullYear(), today.getMonth() - i));
}

/** Today as an ISO day (YYYY-MM-DD) in the browser's calendar: the payment's default day. */
export function todayIso(today: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}
