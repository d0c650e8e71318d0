import type { BillingOverview, InvoiceRow, MonthUsage, PlanView } from '#domain/billing-responses';

/** Rows as GET facturacion answers them (domain/billing-responses.ts), for the billing and tiinsights tests. */
export const plan = (over: Partial<PlanView> = {}): PlanView => ({
  name: 'Plan Obra',
  modules: ['postventa', 'entregas', 'billing'],
  currency: 'CLP',
  base_price: 250000,
  price_per_user: 9900,
  storage_quota_mb: 10240,
  storage_overage_price: 1500,
  due_days: 30,
  updated_at: '2026-10-01T12:00:00.000Z',
  ...over,
});

export const month = (period: string, over: Partial<MonthUsage> = {}): MonthUsage => ({
  period,
  active_users: 12,
  storage_mb: 8000,
  tickets: 40,
  deliveries: 5,
  over: [],
  ...over,
});

export const invoice = (over: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 7,
  number: '2026-10-0001',
  period: '2026-10',
  issued_at: '2026-11-01T12:00:00.000Z',
  due_date: '2026-12-01',
  state: 'emitida',
  currency: 'CLP',
  total: 368800,
  lines: [
    { concept: 'base', quantity: 1, unit_price: 250000, amount: 250000 },
    { concept: 'active_users', quantity: 12, unit_price: 9900, amount: 118800 },
  ],
  usage: { active_users: 12, storage_mb: 8000, tickets: 40, deliveries: 5 },
  paid_on: null,
  reference: null,
  ...over,
});

export const overview = (over: Partial<BillingOverview> = {}): BillingOverview => ({
  company: { id: 1, name: 'Inmobiliaria Cordillera' },
  plan: plan(),
  limits: {
    company: { limit: 15, used: 16 },
    groups: [{ id: 2, name: 'Región Metropolitana', limit: 10, used: 4 }],
    projects: [
      { id: 3, name: 'Edificio Parque', limit: 5, used: 5 },
      { id: 4, name: 'Condominio Los Robles', limit: null, used: 2 },
    ],
  },
  storage: { used_mb: 11264, quota_mb: 10240 },
  usage: [
    month('2026-12', { active_users: 16, storage_mb: 11264, over: ['active_users', 'storage_mb'] }),
    month('2026-11', { active_users: 14 }),
    month('2026-10'),
  ],
  invoices: [
    invoice({
      id: 8,
      number: '2026-11-0001',
      period: '2026-11',
      issued_at: '2026-12-01T12:00:00.000Z',
      due_date: '2026-12-31',
    }),
    invoice({ id: 7, state: 'vencida' }),
    invoice({
      id: 6,
      number: '2026-09-0001',
      period: '2026-09',
      issued_at: '2026-10-01T12:00:00.000Z',
      due_date: '2026-10-31',
      state: 'pagada',
      paid_on: '2026-10-20',
      reference: 'TRF-991',
    }),
  ],
  ...over,
});
