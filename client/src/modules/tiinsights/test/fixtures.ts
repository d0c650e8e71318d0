import type { CompanyHealth, CompanyHealthDetail, DataExport } from '#domain/insights-responses';
import type { BillingOverview, InvoiceRow, PlanView } from '#domain/billing-responses';

/** Rows as the tiinsights routes answer them (domain/insights-responses.ts), for the module's tests. */
export const health = (over: Partial<CompanyHealth> = {}): CompanyHealth => ({
  company: { id: 1, name: 'Inmobiliaria Cordillera' },
  level: 'ok',
  requests: 1200,
  error_rate: 0.001,
  slow_rate: 0.01,
  avg_ms: 120,
  max_ms: 900,
  outbox_pending: 0,
  outbox_lag_seconds: 0,
  webhook_failures: 0,
  storage_mb: 2048,
  active_users: 9,
  plan: 'Plan Obra',
  overdue_invoices: 0,
  ...over,
});

export const healthDetail = (over: Partial<CompanyHealth> = {}): CompanyHealthDetail => ({
  health: health(over),
  hours: [
    { hour: '2026-12-03T10:00:00.000Z', requests: 300, server_errors: 2, slow: 4, avg_ms: 110 },
    { hour: '2026-12-03T11:00:00.000Z', requests: 420, server_errors: 0, slow: 1, avg_ms: 95 },
  ],
  webhook_failures: [
    {
      id: 31,
      event: 'ticket.created',
      url: 'https://hooks.example.cl/in',
      attempts: 5,
      at: '2026-12-03T11:20:00.000Z',
    },
  ],
});

export const dataExport = (over: Partial<DataExport> = {}): DataExport => ({
  id: 12,
  company: { id: 2, name: 'Constructora Sur' },
  requested_by: { id: 9, name: 'Soporte RyR' },
  created_at: '2026-12-03T11:00:00.000Z',
  expires_at: '2026-12-03T11:15:00.000Z',
  downloaded_at: null,
  tables: null,
  rows: null,
  bytes: null,
  url: 'tiinsights/exportaciones/12/descarga?expires=1&signature=abc',
  ...over,
});

/** A company's billing overview as GET tiinsights/empresas/{companyId}/facturacion answers it. */
export const planView = (over: Partial<PlanView> = {}): PlanView => ({
  name: 'Plan Constructora',
  modules: ['postventa', 'calidad'],
  currency: 'CLP',
  base_price: 180000,
  price_per_user: 8000,
  storage_quota_mb: 5120,
  storage_overage_price: 1200,
  due_days: 15,
  updated_at: '2026-09-01T12:00:00.000Z',
  ...over,
});

export const invoiceRow = (over: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 21,
  number: '2026-10-0002',
  period: '2026-10',
  issued_at: '2026-11-02T12:00:00.000Z',
  due_date: '2026-11-17',
  state: 'vencida',
  currency: 'CLP',
  total: 228000,
  lines: [
    { concept: 'base', quantity: 1, unit_price: 180000, amount: 180000 },
    { concept: 'active_users', quantity: 6, unit_price: 8000, amount: 48000 },
  ],
  usage: { active_users: 6, storage_mb: 3000, tickets: 12, deliveries: 1 },
  paid_on: null,
  reference: null,
  ...over,
});

export const billingOverview = (over: Partial<BillingOverview> = {}): BillingOverview => ({
  company: { id: 2, name: 'Constructora Sur' },
  plan: planView(),
  limits: { company: { limit: 10, used: 6 }, groups: [], projects: [{ id: 8, name: 'Torre Sur', limit: 5, used: 3 }] },
  storage: { used_mb: 3000, quota_mb: 5120 },
  usage: [
    { period: '2026-12', active_users: 6, storage_mb: 3000, tickets: 3, deliveries: 0, over: [] },
    { period: '2026-11', active_users: 7, storage_mb: 2900, tickets: 9, deliveries: 1, over: [] },
  ],
  invoices: [invoiceRow()],
  ...over,
});
