/**
 * Usage insights (/ocinsights/usabilidad) and internal insights (/tiinsights, docs/product.md §1, §2): who uses what,
 * and how each company's service is doing. Usage is counted from what the app already sees — the API calls it
 * answers and the screens the client reports on a route change — batched in memory and written as daily counts
 * per user, module and name, never a request's content (docs/decisions.md D-285).
 */

/** Who reads a company's usage insights: the company's administrators. */
export const USAGE_INSIGHTS = 'insights_uso';
/** The provider's support staff: health of every company (docs/product.md §3 RyR). */
export const INTERNAL_INSIGHTS = 'ryr';
/** Who may export a company's data (docs/product.md §2 /tiinsights: dbdump). */
export const DATA_EXPORT = 'dbdump';

/**
 * What a usage count counts: a screen the client opened (a route name of the route manifest) or an action the API
 * answered (a write: POST, PUT, PATCH, DELETE, named by its route template). Reads are not counted apart: they are
 * what screens do.
 */
export const USAGE_KINDS = ['screen', 'action'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** The date presets of the usage screen, in days back from today (today included). */
export const USAGE_PRESETS = [7, 30, 90, 365] as const;
export type UsagePreset = (typeof USAGE_PRESETS)[number];

export const INSIGHTS_LIMITS = {
  /** Daily counts older than this are deleted by the retention sweep (a year and a month). */
  retentionDays: 400,
  /** The longest range a usage query may ask for. */
  maxRangeDays: 366,
  /** How often the server writes its batched counts. */
  flushMs: 10_000,
  /** Screens one report may carry; the client sends them in batches too. */
  maxScreensPerReport: 50,
  maxRouteName: 120,
  /** A request slower than this counts as slow in a company's health. */
  slowRequestMs: 1_000,
  /** Hours of request statistics the health screen reads. */
  healthHours: 24,
  /** How long an export's signed link stays valid. */
  exportLinkMinutes: 15,
  /** Rows an export reads per page of a table (bounded memory). */
  exportPageRows: 2_000,
} as const;

/** How a company's health reads: ok, watch or trouble, from its error rate, slow share, outbox lag and webhooks. */
export const HEALTH_LEVELS = ['ok', 'atencion', 'problema'] as const;
export type HealthLevel = (typeof HEALTH_LEVELS)[number];

export const HEALTH_THRESHOLDS = {
  /** Share of 5xx answers (0..1) from which a company needs attention / is in trouble. */
  errorRate: { atencion: 0.01, problema: 0.05 },
  /** Share of slow answers. */
  slowRate: { atencion: 0.05, problema: 0.2 },
  /** Seconds the oldest unpublished outbox event has waited. */
  outboxLagSeconds: { atencion: 30, problema: 300 },
  /** Webhook deliveries failed in the window. */
  webhookFailures: { atencion: 1, problema: 10 },
} as const;

type Signals = { error_rate: number; slow_rate: number; outbox_lag_seconds: number; webhook_failures: number };

/** The worst level any signal reaches. */
export function healthLevel(s: Signals): HealthLevel {
  const levelOf = (value: number, t: { atencion: number; problema: number }): HealthLevel =>
    value >= t.problema ? 'problema' : value >= t.atencion ? 'atencion' : 'ok';
  const levels = [
    levelOf(s.error_rate, HEALTH_THRESHOLDS.errorRate),
    levelOf(s.slow_rate, HEALTH_THRESHOLDS.slowRate),
    levelOf(s.outbox_lag_seconds, HEALTH_THRESHOLDS.outboxLagSeconds),
    levelOf(s.webhook_failures, HEALTH_THRESHOLDS.webhookFailures),
  ];
  return levels.includes('problema') ? 'problema' : levels.includes('atencion') ? 'atencion' : 'ok';
}
