import { z } from 'zod';
import { LOCALES } from '../limits.ts';
import { email, requiredText } from './common.ts';

/**
 * Account (/config/cuenta) commands, shared by the client's forms and the server's PUT auth/*.
 * Messages are locale keys (docs/product.md §5), from the common builders.
 */

/** docs/product.md §5 Email: a valid address without the letter ñ (stored in lower case). */
export const accountEmail = email();

/** Free per-user preferences (grid mode, default project…): flat, small, JSON-safe. null removes a key. */
export const ACCOUNT_SETTINGS_MAX_KEYS = 50;
const settingValue = z.union([z.string().max(500, 'validation.max_length'), z.number(), z.boolean(), z.null()], {
  error: 'validation.invalid',
});
export const accountSettings = z
  .record(z.string().min(1).max(64, 'validation.max_length'), settingValue)
  .refine((v) => Object.keys(v).length <= ACCOUNT_SETTINGS_MAX_KEYS, {
    message: 'validation.max_items',
    params: { max: ACCOUNT_SETTINGS_MAX_KEYS },
  });

/** PUT auth/usuario: basic information of the signed-in user. */
export const updateAccountSchema = z.object({
  first_name: requiredText({ max: 100 }),
  last_name: requiredText({ max: 100 }),
  email: accountEmail,
  settings: accountSettings.optional(),
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

/** PUT auth/locale (docs/product.md §1: es and pt-BR). */
export const updateLocaleSchema = z.object({ locale: z.enum(LOCALES, { error: 'validation.invalid' }) });

/**
 * PUT auth/firma: a path returned by the files module's upload (`<companyId>/…`), a .png or .jpg
 * image (docs/product.md §2 image picker). The server also checks the company part is the caller's.
 */
export const SIGNATURE_PATH_PATTERN = /^\d+\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:png|jpe?g)$/i;
export const updateSignatureSchema = z.object({
  path: requiredText({ max: 500 }).refine(
    (v) => SIGNATURE_PATH_PATTERN.test(v) && !v.includes('..'),
    'validation.invalid',
  ),
});

/** POST auth/email/verify and GET auth/email/verify?token=… */
export const verifyEmailSchema = z.object({ token: requiredText({ max: 200 }) });
