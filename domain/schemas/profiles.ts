import { z } from 'zod';
import { COMPANY_MODULES } from '../permission-catalogue.ts';
import { requiredText } from './common.ts';

/** docs/product.md §5 profile name: required; 80 characters, no two consecutive spaces. */
export const PROFILE_NAME_MAX = 80;
export const PROFILE_GROUP_MAX = 40;
export const PROFILE_GROUPS_MAX = 20;

const profileName = requiredText({ max: PROFILE_NAME_MAX, noDoubleSpaces: true });
// A flag as stored: catalogue flags, or an undefined one the profile already holds (the service checks which).
const flag = z.string({ error: 'validation.invalid' }).regex(/^[a-z0-9_-]{1,64}$/, 'validation.invalid');
const flags = z.array(flag).max(200, 'validation.max_items');

/** POST configuracion/permisos and PUT configuracion/permisos/{id}: the whole profile as the editor holds it. */
export const profileSchema = z.object({
  name: profileName,
  groups: z
    .array(requiredText({ max: PROFILE_GROUP_MAX, noDoubleSpaces: true }))
    .max(PROFILE_GROUPS_MAX, 'validation.max_items')
    .default([]),
  permissions: flags.default([]),
  exclusive_permissions: flags.default([]),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** PUT configuracion/permisos/{id}: the profile, plus the version it was read at (optimistic concurrency). */
export const profileUpdateSchema = profileSchema.extend({
  updated_at: z.iso.datetime({ error: 'validation.invalid' }).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** POST configuracion/permisos/{id}/duplicar: the copy's name (default: the original's with a suffix). */
export const profileDuplicateSchema = z.object({ name: profileName.optional() });

/** PUT configuracion/permisos/modulos/{modulo}: a module on or off for the whole company. */
export const moduleSwitchSchema = z.object({ enabled: z.boolean({ error: 'validation.required' }) });
export const companyModuleSchema = z.enum(COMPANY_MODULES);
