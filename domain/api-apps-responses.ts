import { z } from 'zod';
import { API_APP_SCOPE_FLAGS, API_APP_STATES } from './api-apps.ts';
import { instant, pageOf } from './responses.ts';

/** One API app as the configuration screens see it: never its secret, which only create and rotate answer. */
export const apiAppRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  client_id: z.string(),
  scope: z.array(z.enum(API_APP_SCOPE_FLAGS)),
  state: z.enum(API_APP_STATES),
  created_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  created_at: instant,
  secret_rotated_at: instant,
  last_used_at: instant.nullable(),
  revoked_at: instant.nullable(),
});
export type ApiAppRow = z.infer<typeof apiAppRowSchema>;

/** Create and rotate: the app and its client secret, shown this once. */
export const apiAppCredentialsSchema = apiAppRowSchema.extend({ client_secret: z.string() });
export type ApiAppCredentials = z.infer<typeof apiAppCredentialsSchema>;

/** One call of the public API an app made (its call log). */
export const apiCallRowSchema = z.object({
  id: z.number(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  latency_ms: z.number(),
  at: instant,
});
export type ApiCallRow = z.infer<typeof apiCallRowSchema>;
export const apiCallPageSchema = pageOf(apiCallRowSchema);
