import { z } from 'zod';
import { eventOf, instant, pageOf, refSchema } from './responses.ts';
import { USER_LIMIT_SCOPES, USER_REGIONS, userCommands } from './users.ts';

/** What the user administration's GET routes answer (configuracion/usuarios, docs/api.md). */
export const userRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  acronym: z.string(),
  email: z.string().nullable(),
  position: refSchema.nullable(),
  profile: refSchema.nullable(),
  all_projects: z.boolean(),
  projects: z.array(refSchema),
  state: z.object({
    cuenta: z.enum(USER_REGIONS.cuenta),
    correo: z.enum(USER_REGIONS.correo),
    firma: z.enum(USER_REGIONS.firma),
  }),
  signature_path: z.string().nullable(),
  signature_url: z.string().nullable(),
  created_at: instant,
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userPageSchema = pageOf(userRowSchema);

/** GET configuracion/usuarios/{id}: the row and what the machine allows now. */
export const userDetailSchema = userRowSchema.extend({ allowed_events: z.array(eventOf(userCommands)) });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET configuracion/usuarios/opciones: what the form's selects offer. */
export const userFormOptionsSchema = z.object({
  positions: z.array(refSchema),
  profiles: z.array(refSchema),
  projects: z.array(refSchema.extend({ group_id: z.number().nullable() })),
});
export type UserFormOptions = z.infer<typeof userFormOptionsSchema>;

/** One active-user limit and its count (docs/product.md §1). `limit` null is unlimited. */
export const userLimitSchema = z.object({
  scope: z.enum(USER_LIMIT_SCOPES),
  id: z.number(),
  name: z.string(),
  limit: z.number().nullable(),
  active: z.number(),
  last_reached_at: instant.nullable(),
});
export type UserLimit = z.infer<typeof userLimitSchema>;
export const userLimitsSchema = z.object({
  company: userLimitSchema,
  groups: z.array(userLimitSchema),
  projects: z.array(userLimitSchema.extend({ group_id: z.number().nullable() })),
  can_edit: z.boolean(),
});
export type UserLimits = z.infer<typeof userLimitsSchema>;

/** One row of an import preview: what will be created, or why it cannot be. */
export const userImportRowSchema = z.object({
  row: z.number(),
  username: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export const userImportPreviewSchema = z.object({
  token: z.string(),
  rows: z.array(userImportRowSchema),
  valid: z.number(),
  invalid: z.number(),
});
export type UserImportPreview = z.infer<typeof userImportPreviewSchema>;
export type UserImportPreviewRow = z.infer<typeof userImportRowSchema>;
