import { z } from 'zod';
import { API_APP_NAME_MAX, API_APP_NAME_MIN, API_APP_SCOPE_FLAGS, API_CALL_LOG_MAX } from '../api-apps.ts';
import { requiredText } from './common.ts';

/** docs/product.md §2 config integraciones apps: what an administrator fills in to issue or edit an app. */
const name = requiredText({ min: API_APP_NAME_MIN, max: API_APP_NAME_MAX, noDoubleSpaces: true });
const scope = z
  .array(z.enum(API_APP_SCOPE_FLAGS, { error: 'validation.invalid' }), { error: 'validation.invalid' })
  .min(1, 'integrations.api_apps.scope_required')
  .max(API_APP_SCOPE_FLAGS.length, 'validation.max_items')
  .transform((flags) => [...new Set(flags)]);

export const apiAppCreateSchema = z.object({ name, scope });
export type ApiAppCreateInput = z.input<typeof apiAppCreateSchema>;

/** Rename and/or rescope; at least one of them. */
export const apiAppUpdateSchema = z
  .object({ name: name.optional(), scope: scope.optional() })
  .refine((v) => v.name !== undefined || v.scope !== undefined, { message: 'validation.required', path: ['name'] });
export type ApiAppUpdateInput = z.input<typeof apiAppUpdateSchema>;

/** GET …/apps/{appId}/logs: newest first, at most API_CALL_LOG_MAX rows in all. */
export const apiCallLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(API_CALL_LOG_MAX).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(API_CALL_LOG_MAX).default(50),
});
export type ApiCallLogQuery = z.infer<typeof apiCallLogQuerySchema>;
