import { HEALTH_LEVELS, healthLevel } from '#domain/insights';
import type { CompanyHealth } from '#domain/insights-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { storageMbByCompany } from '../../billing/service.ts';
import { activeStaffByCompany, companyAccounts, overdueInvoicesByCompany } from './account-signals.ts';
import { outboxBacklogs, webhookFailureCounts } from './delivery-signals.ts';
import { requestTotals } from './request-signals.ts';
import { averageMs, healthWindow, shareOf } from './window.ts';

const rank = (h: CompanyHealth) => HEALTH_LEVELS.indexOf(h.level);

/**
 * Worst level first; within a level the higher error rate, the longer outbox lag, the more requests, then by name —
 * the order client/src/modules/tiinsights/companies/health-figures.ts worstFirst keeps after a refetch.
 */
export function byWorstFirst(a: CompanyHealth, b: CompanyHealth): number {
  return (
    rank(b) - rank(a) ||
    b.error_rate - a.error_rate ||
    b.outbox_lag_seconds - a.outbox_lag_seconds ||
    b.requests - a.requests ||
    a.company.name.localeCompare(b.company.name) ||
    a.company.id - b.company.id
  );
}

/**
 * GET /tiinsights/empresas: every company's health over the last INSIGHTS_LIMITS.healthHours hours
 * (domain/insights-responses.ts companyHealthSchema, level from domain/insights.ts healthLevel), worst first. A few
 * grouped queries for all companies, whatever their number; `companyIds` narrows them (the detail reads one).
 */
export async function companiesHealth(db: DbOrTx, now = new Date(), companyIds?: number[]): Promise<CompanyHealth[]> {
  const { from } = healthWindow(now);
  const accounts = await companyAccounts(db, companyIds);
  if (!accounts.length) return [];
  const [requests, backlogs, failures, storage, staff, overdue] = await Promise.all([
    requestTotals(db, from, companyIds),
    outboxBacklogs(db, now, companyIds),
    webhookFailureCounts(db, from, companyIds),
    storageMbByCompany(db, companyIds),
    activeStaffByCompany(db, companyIds),
    overdueInvoicesByCompany(db, accounts, now),
  ]);
  const rows = accounts.map((account): CompanyHealth => {
    const r = requests.get(account.id) ?? { requests: 0, serverErrors: 0, slow: 0, totalMs: 0, maxMs: 0 };
    const backlog = backlogs.get(account.id) ?? { pending: 0, lagSeconds: 0 };
    const signals = {
      error_rate: shareOf(r.serverErrors, r.requests),
      slow_rate: shareOf(r.slow, r.requests),
      outbox_lag_seconds: backlog.lagSeconds,
      webhook_failures: failures.get(account.id) ?? 0,
    };
    return {
      company: { id: account.id, name: account.name },
      level: healthLevel(signals),
      requests: r.requests,
      error_rate: signals.error_rate,
      slow_rate: signals.slow_rate,
      avg_ms: averageMs(r.totalMs, r.requests),
      max_ms: r.maxMs,
      outbox_pending: backlog.pending,
      outbox_lag_seconds: signals.outbox_lag_seconds,
      webhook_failures: signals.webhook_failures,
      storage_mb: storage.get(account.id) ?? 0,
      active_users: staff.get(account.id) ?? 0,
      plan: account.plan,
      overdue_invoices: overdue.get(account.id) ?? 0,
    };
  });
  return rows.sort(byWorstFirst);
}
