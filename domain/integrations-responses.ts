import { z } from 'zod';
import { INTEGRATION_KINDS, INTEGRATION_STATES, MODULE_STATUSES, REQUESTABLE_MODULES } from './integrations.ts';
import { instant } from './responses.ts';
import type { CompanyModule } from './permission-catalogue.ts';

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
