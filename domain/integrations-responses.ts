import { z } from 'zod';
import {
  INTEGRATION_KINDS,
  INTEGRATION_STATES,
  MODULE_STATUSES,
  REQUESTABLE_MODULES,
  SYNC_JOB_STATES,
} from './integrations.ts';
import type { CompanyModule } from './permission-catalogue.ts';
import { instant, personBriefSchema } from './responses.ts';

/**
 * One integration as config/integraciones shows it (docs/product.md §2, §3 CRM integration): its state (null: never
 * requested), whether everything activation needs is saved, the plain settings, and of each secret only whether it
 * is set and, for long ones, its last four characters.
 */
export const connectionViewSchema = z.object({
  kind: z.enum(INTEGRATION_KINDS),
  state: z.enum(INTEGRATION_STATES).nullable(),
  configured: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.object({ set: z.boolean(), last4: z.string().nullable() })),
  requested_at: instant.nullable(),
  updated_at: instant.nullable(),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

/** One attempt in a CRM's or platform's log (docs/product.md §9: the newest 100), with its job's state now. */
export const syncLogRowSchema = z.object({
  id: z.number(),
  job_id: z.number().nullable(),
  job_state: z.enum(SYNC_JOB_STATES).nullable(),
  action: z.string(),
  attempt: z.number(),
  ok: z.boolean(),
  status_code: z.number().nullable(),
  response: z.unknown(),
  error: z.string().nullable(),
  duration_ms: z.number(),
  created_at: instant,
});
export type SyncLogRow = z.infer<typeof syncLogRowSchema>;

/** The log with how many calls wait and how many failed for good. */
export const syncLogSchema = z.object({
  rows: syncLogRowSchema.array(),
  pending: z.number(),
  failed: z.number(),
});
export type SyncLog = z.infer<typeof syncLogSchema>;

/**
 * One requestable module as config/integraciones lists it (docs/product.md §4): its status (null: never configured
 * nor requested) and when it was last requested.
 */
export const moduleRequestViewSchema = z.object({
  module: z.enum(REQUESTABLE_MODULES as [CompanyModule, ...CompanyModule[]]),
  status: z.enum(MODULE_STATUSES).nullable(),
  requested_at: instant.nullable(),
});
export type ModuleRequestView = z.infer<typeof moduleRequestViewSchema>;

/** The answer of a request: what was asked, its key (e.g. biblioteca_solicitar_activacion) and its state now. */
export const activationRequestViewSchema = z.object({
  key: z.string(),
  state: z.enum(INTEGRATION_STATES),
  provider_notified: z.boolean(),
});
export type ActivationRequestView = z.infer<typeof activationRequestViewSchema>;
// ─── Calendar feeds (integrations/calendar, docs/api.md "Calendar feeds") ─────────────────────────────────────────

/**
 * The signed-in user's own calendar subscription: the secret URL (https and webcal://), the Google Calendar link,
 * whether the company's scheduling tool runs (otherwise the URL answers 404), and when it was made, rotated, read.
 */
export const calendarFeedViewSchema = z.object({
  url: z.string(),
  webcal_url: z.string(),
  google_url: z.string(),
  running: z.boolean(),
  created_at: instant,
  rotated_at: instant.nullable(),
  last_fetched_at: instant.nullable(),
});
export type CalendarFeedView = z.infer<typeof calendarFeedViewSchema>;

/** One person's feed as an administrator sees it: never the URL, only who and when. */
export const calendarFeedRowSchema = z.object({
  user: personBriefSchema,
  created_at: instant,
  rotated_at: instant.nullable(),
  last_fetched_at: instant.nullable(),
});
export type CalendarFeedRow = z.infer<typeof calendarFeedRowSchema>;
