import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';
import { email, id, idList, requiredText } from './common.ts';
import { newPassword } from './auth.ts';
import { SIGNATURE_PATH_PATTERN } from './account.ts';

/**
 * Requests of user administration (/config/usuarios, docs/product.md §3 User and §5), shared by the client's forms
 * and the server's routes. Messages are locale keys.
 */

/** docs/product.md §3 User: a login name; letters, digits and . _ - only, so it reads the same in every screen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const username = requiredText({ min: 3, max: 50 }).refine((v) => USERNAME_PATTERN.test(v), 'validation.invalid');
const personName = requiredText({ max: 100, noDoubleSpaces: true });
const signaturePath = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(500, 'validation.max_length')
  .refine((v) => v === '' || (SIGNATURE_PATH_PATTERN.test(v) && !v.includes('..')), 'validation.invalid')
  .transform((v) => (v === '' ? null : v))
  .nullish();
/** Visible projects: a list, or every project of the company (today's and tomorrow's). */
const projectFields = {
  all_projects: z.boolean({ error: 'validation.invalid' }).default(false),
  project_ids: idList({ max: 1000 }),
};

const userFields = z.object({
  username,
  first_name: personName,
  last_name: personName,
  // docs/product.md §5: users without e-mail exist (they cannot be assigned to courses).
  email: email({ required: false }),
  position_id: id().nullish(),
  profile_id: id(),
  ...projectFields,
  signature_path: signaturePath,
});

/** POST configuracion/usuarios: every field, the password twice ('Valores no coinciden'). */
export const userCreateSchema = userFields
  .extend({ password: newPassword, password_confirmation: z.string({ error: 'validation.required' }) })
  // docs/product.md §5 'Valores no coinciden', checked even while other fields are wrong so the form shows every
  // message at once.
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.same',
    when: (payload) => typeof (payload.value as { password?: unknown }).password === 'string',
  });
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** PATCH configuracion/usuarios/{id}: what is sent changes; a new password needs its confirmation. */
export const userUpdateSchema = userFields
  .partial()
  .extend({
    password: newPassword.optional(),
    password_confirmation: z.string({ error: 'validation.invalid' }).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.same',
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirmation?: unknown };
      return v.password !== undefined || v.password_confirmation !== undefined;
    },
  });
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** docs/product.md §4 User account states (machines/user.ts region cuenta), as the list filters them. */
export const USER_ACCOUNT_STATES = ['activo', 'deshabilitado', 'eliminado'] as const;
/** Sort keys of the user list (docs/product.md §3 sort field). */
export const USER_SORTS = ['name', 'username', 'email', 'position', 'profile', 'created_at'] as const;
const stateFilter = z.enum(USER_ACCOUNT_STATES, { error: 'validation.invalid' });
const commaIds = idList({ max: 200 });

/** GET configuracion/usuarios (and its export): search ignoring accents, filters, sort, page. */
export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  descending: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
  search: z.string().trim().max(100, 'validation.max_length').optional(),
  profile_ids: commaIds,
  position_ids: commaIds,
  project_ids: commaIds,
  states: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : (v ?? [])),
    z.array(stateFilter).max(3, 'validation.max_items'),
  ),
  sortBy: z.enum(USER_SORTS, { error: 'validation.invalid' }).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** PUT configuracion/usuarios/limites: null is unlimited (docs/product.md §1). */
const limit = z
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(0, 'validation.min_value')
  .max(100_000, 'validation.max_value')
  .nullable();
export const userLimitsSchema = z.object({
  company: limit.optional(),
  groups: z
    .array(z.object({ id: id(), limit }))
    .max(1000, 'validation.max_items')
    .optional(),
  projects: z
    .array(z.object({ id: id(), limit }))
    .max(1000, 'validation.max_items')
    .optional(),
});
export type UserLimitsInput = z.infer<typeof userLimitsSchema>;

/**
 * POST configuracion/usuarios/importar/confirmar?token=…&rows=2,5: the previewed file's token and the sheet rows the
 * admin accepts (the file is sent again, so nothing is kept between the preview and the confirmation).
 */
export const userImportConfirmSchema = z.object({
  token: requiredText({ max: 200 }),
  rows: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : (v ?? [])),
    z
      .array(
        z.coerce
          .number({ error: 'validation.invalid' })
          .int('validation.invalid')
          .min(2, 'validation.invalid')
          .max(100_000, 'validation.invalid'),
      )
      .min(1, 'validation.required')
      .max(500, 'validation.max_items'),
  ),
});

/** One row of an import sheet, before lookups (position, profile and projects by name). */
export const userImportRowSchema = userFields
  .omit({ position_id: true, profile_id: true, all_projects: true, project_ids: true, signature_path: true })
  .extend({
    position: requiredText({ max: 100 }).optional(),
    profile: requiredText({ max: 100 }),
    projects: z.string().trim().max(5000, 'validation.max_length').optional(),
    password: newPassword,
  });
