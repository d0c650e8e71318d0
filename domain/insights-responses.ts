import { z } from 'zod';
import { day, instant, refSchema } from './responses.ts';
import { HEALTH_LEVELS, USAGE_KINDS } from './insights.ts';

/**
 * What the usage insights (/ocinsights) and internal insights (/tiinsights) routes answer (docs/api.md, Insights);
 * tests/contracts/ parses the real answers with these.
 */

// ── Usage insights ──────────────────────────────────────────────────────────────────────────────────────

/** GET /ocinsights/uso/activos: distinct active users per day and per ISO week (the week's Monday). */
export const activeUsersSchema = z.object({
  daily: z.array(z.object({ day, users: z.number() })),
  weekly: z.array(z.object({ week: day, users: z.number() })),
  /** Distinct users active in the range, and the company's active staff accounts. */
  users: z.number(),
  staff: z.number(),
});
export type ActiveUsers = z.infer<typeof activeUsersSchema>;

/** GET /ocinsights/uso/modulos: screens and actions per module (a route manifest area), and the most used names. */
export const moduleUsageSchema = z.object({
  modules: z.array(z.object({ module: z.string(), screens: z.number(), actions: z.number(), users: z.number() })),
  top: z.array(
    z.object({ module: z.string(), kind: z.enum(USAGE_KINDS), name: z.string(), count: z.number(), users: z.number() }),
  ),
});
export type ModuleUsage = z.infer<typeof moduleUsageSchema>;

/** How many of the people who could use it did: per project (its members) and per profile (its active users). */
export const adoptionRowSchema = z.object({ users: z.number(), members: z.number(), events: z.number() });
export const adoptionSchema = z.object({
  projects: z.array(adoptionRowSchema.extend({ project: refSchema })),
  profiles: z.array(adoptionRowSchema.extend({ profile: refSchema.nullable() })),
});
export type Adoption = z.infer<typeof adoptionSchema>;

/** GET /ocinsights/uso/sin-ingreso: active staff accounts that never signed in. */
export const neverSignedInSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    username: z.string(),
    profile: refSchema.nullable(),
    created_at: instant,
  }),
);
export type NeverSignedIn = z.infer<typeof neverSignedInSchema>;

// ── Internal insights ───────────────────────────────────────────────────────────────────────────────────

/** One company as the provider's support staff see it: the last INSIGHTS_LIMITS.healthHours hours. */
export const companyHealthSchema = z.object({
  company: refSchema,
  level: z.enum(HEALTH_LEVELS),
  requests: z.number(),
  error_rate: z.number(),
  slow_rate: z.number(),
  avg_ms: z.number(),
  max_ms: z.number(),
  outbox_pending: z.number(),
  outbox_lag_seconds: z.number(),
  webhook_failures: z.number(),
  storage_mb: z.number(),
  active_users: z.number(),
  plan: z.string().nullable(),
  overdue_invoices: z.number(),
});
export type CompanyHealth = z.infer<typeof companyHealthSchema>;

export const healthHourSchema = z.object({
  hour: instant,
  requests: z.number(),
  server_errors: z.number(),
  slow: z.number(),
  avg_ms: z.number(),
});

export const webhookFailureSchema = z.object({
  id: z.number(),
  event: z.string(),
  url: z.string(),
  attempts: z.number(),
  at: instant,
});

/** GET /tiinsights/empresas/:companyId: the company's health by hour and its last webhook failures. */
export const companyHealthDetailSchema = z.object({
  health: companyHealthSchema,
  hours: z.array(healthHourSchema),
  webhook_failures: z.array(webhookFailureSchema),
});
export type CompanyHealthDetail = z.infer<typeof companyHealthDetailSchema>;

/** A company data export: who asked, when, and its signed link while it lasts. */
export const dataExportSchema = z.object({
  id: z.number(),
  company: refSchema,
  requested_by: refSchema,
  created_at: instant,
  expires_at: instant,
  downloaded_at: instant.nullable(),
  tables: z.number().nullable(),
  rows: z.number().nullable(),
  bytes: z.number().nullable(),
  /** The signed download link; null once expired. */
  url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
