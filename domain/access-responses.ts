import { z } from 'zod';
import { CATALOGUE_GROUPS, COMPANY_MODULES } from './permission-catalogue.ts';
import { instant } from './responses.ts';

/** GET/POST/PATCH configuracion/cargos (server/src/modules/config/positions). */
export const positionRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_active: z.boolean(),
  /** Users holding it (deleted users excluded): a position held by anyone cannot be deleted. */
  users_count: z.number(),
  created_at: instant,
});
export type PositionRow = z.infer<typeof positionRowSchema>;

/** GET configuracion/permisos and the answer of every profile write (server/src/modules/config/profiles). */
export const profileRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  groups: z.array(z.string()),
  permissions: z.array(z.string()),
  exclusive_permissions: z.array(z.string()),
  /** Held flags no module maps, or that the catalogue no longer knows (docs/product.md §3 listed as undefined). */
  undefined_permissions: z.array(z.string()),
  /** The company modules whose flags the profile holds. */
  modules: z.array(z.enum(COMPANY_MODULES)),
  is_ryr: z.boolean(),
  users_count: z.number(),
  updated_at: instant,
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

const catalogueGroupSchema = z.object({
  group: z.enum(CATALOGUE_GROUPS),
  label: z.string(),
  /** For a company module: whether the company has it on (its switch applies to every profile). */
  module: z.object({ enabled: z.boolean(), status: z.string().nullable() }).nullable(),
  permissions: z.array(z.object({ flag: z.string(), description: z.string() })),
});

/** GET configuracion/permisos/catalogo: every flag by module, described in the caller's language. */
export const permissionCatalogueSchema = z.object({ groups: z.array(catalogueGroupSchema) });
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;
export type PermissionCatalogueGroup = z.infer<typeof catalogueGroupSchema>;

/** PUT configuracion/permisos/modulos/{modulo}. */
export const moduleSwitchResultSchema = z.object({
  modulo: z.enum(COMPANY_MODULES),
  enabled: z.boolean(),
  status: z.string(),
});
