import { z } from 'zod';
import { INTEGRATION_KINDS, INTEGRATION_STATES } from './integrations.ts';
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
