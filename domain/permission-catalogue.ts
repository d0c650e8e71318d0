/**
 * The permission catalogue (docs/product.md §6 profiles and permissions): every flag the product knows, the
 * company module it belongs to and the locale key of its description (permissions.<flag> in locales/*.json).
 * PERMISSIONS (domain/permissions.ts) is derived from it; the profile editor groups it by module; the
 * session drops the flags of a module the company switched off (docs/product.md §6 "module settings apply
 * to all profiles").
 */

/** Modules whose activation a company holds (docs/product.md §4: requested, in process or active). */
export const COMPANY_MODULES = [
  'hormigon',
  'biblioteca',
  'cmanagement',
  'calidad',
  'recepciones',
  'entregas',
  'postventa',
  'billing',
  'insights',
  'integraciones',
] as const;
export type CompanyModule = (typeof COMPANY_MODULES)[number];

/** Where a flag is listed: a company module, the configuration screens (no switch), or no module ('undefined'). */
export type CatalogueGroup = CompanyModule | 'configuracion';

type Entry = { readonly flag: string; readonly group: CatalogueGroup | null };

export const PERMISSION_CATALOGUE = [
  { flag: 'modulo_hormigon', group: 'hormigon' },
  { flag: 'hormigon_editar', group: 'hormigon' },
  { flag: 'modulo_biblioteca', group: 'biblioteca' },
  { flag: 'biblioteca_administrar', group: 'biblioteca' },
  { flag: 'cmanagement-access', group: 'cmanagement' },
  { flag: 'cmanagement_gestionar', group: 'cmanagement' },
  { flag: 'cmanagement_configurar', group: 'cmanagement' },
  { flag: 'modulo_calidad', group: 'calidad' },
  { flag: 'calidad_editar', group: 'calidad' },
  { flag: 'verifications-access', group: 'recepciones' },
  { flag: 'verificaciones_gestionar', group: 'recepciones' },
  { flag: 'verificaciones_inspeccionar', group: 'recepciones' },
  { flag: 'modulo_entregas', group: 'entregas' },
  { flag: 'entregas_gestionar', group: 'entregas' },
  { flag: 'entregas_revision', group: 'entregas' },
  { flag: 'modulo_postventa', group: 'postventa' },
  { flag: 'postventa_crear', group: 'postventa' },
  { flag: 'postventa_gestionar', group: 'postventa' },
  { flag: 'postventa_cerrar', group: 'postventa' },
  { flag: 'postventa_supervisar', group: 'postventa' },
  { flag: 'postventa_mensaje_propietario', group: 'postventa' },
  { flag: 'modulo_billing', group: 'billing' },
  { flag: 'insights_uso', group: 'insights' },
  { flag: 'ryr', group: 'insights' },
  { flag: 'dbdump', group: 'insights' },
  { flag: 'config_integraciones', group: 'integraciones' },
  { flag: 'config_usuarios', group: 'configuracion' },
  { flag: 'config_usuarios_limites', group: 'configuracion' },
  { flag: 'config_permisos', group: 'configuracion' },
  { flag: 'config_cargos', group: 'configuracion' },
  { flag: 'config_cursos', group: 'configuracion' },
  { flag: 'config_trabajadores', group: 'configuracion' },
  { flag: 'config_auditoria', group: 'configuracion' },
  { flag: 'config_proyectos', group: 'configuracion' },
  { flag: 'config_propietarios', group: 'configuracion' },
  { flag: 'config_recepciones', group: 'configuracion' },
  // Not tied to a module: listed as undefined (docs/product.md §3 "unmapped permissions are listed as undefined").
  { flag: 'todos_los_proyectos', group: null },
  { flag: 'ver_notificaciones', group: null },
] as const satisfies readonly Entry[];

export type CatalogueFlag = (typeof PERMISSION_CATALOGUE)[number]['flag'];

/** The locale key describing a flag. */
export const permissionLabelKey = (flag: string) => `permissions.${flag}`;
/** The locale key naming a catalogue group; 'undefined' holds the flags no module maps. */
export const groupLabelKey = (group: CatalogueGroup | 'undefined') => `permission_groups.${group}`;

const GROUP_OF: ReadonlyMap<string, CatalogueGroup | null> = new Map(
  PERMISSION_CATALOGUE.map((e): [string, CatalogueGroup | null] => [e.flag, e.group]),
);

export const isCatalogueFlag = (flag: string): flag is CatalogueFlag => GROUP_OF.has(flag);

/** The group a flag is listed under: its module, 'configuracion', or 'undefined' (no module, or unknown). */
export function groupOf(flag: string): CatalogueGroup | 'undefined' {
  return GROUP_OF.get(flag) ?? 'undefined';
}

/** The flags a company module grants, which its switch takes from every profile while it is off. */
export function flagsOfModule(module: CompanyModule): string[] {
  return PERMISSION_CATALOGUE.filter((e) => e.group === module).map((e) => e.flag);
}

export const CATALOGUE_GROUPS = [...COMPANY_MODULES, 'configuracion', 'undefined'] as const;
export type ListedGroup = (typeof CATALOGUE_GROUPS)[number];

/** Groups a set of flags for display, in catalogue order; unknown flags close the 'undefined' group. */
export function groupFlags(flags: readonly string[]): { group: ListedGroup; flags: string[] }[] {
  const held = new Set(flags);
  const ordered = [
    ...PERMISSION_CATALOGUE.map((e) => e.flag).filter((f) => held.has(f)),
    ...[...held].filter((f) => !GROUP_OF.has(f)).sort(),
  ];
  return CATALOGUE_GROUPS.map((group) => ({ group, flags: ordered.filter((f) => groupOf(f) === group) })).filter(
    (g) => g.flags.length > 0,
  );
}

/** docs/product.md §3: a group (or profile) described 'ryr' counts as RyR, whatever its flags say. */
export function isRyr(profileName: string, groups: readonly string[]): boolean {
  return [profileName, ...groups].some((g) => g.trim().toLowerCase() === 'ryr');
}

/**
 * What a profile lets its users do: its permissions and exclusive permissions, RyR when a group says so, less
 * the flags of every module the company switched off (docs/product.md §6 module settings apply to all profiles).
 */
export function effectivePermissions(
  profile: {
    name: string;
    groups: readonly string[];
    permissions: readonly string[];
    exclusivePermissions: readonly string[];
  },
  disabledModules: readonly CompanyModule[],
): Set<string> {
  const set = new Set([...profile.permissions, ...profile.exclusivePermissions]);
  if (isRyr(profile.name, profile.groups)) set.add('ryr');
  for (const module of disabledModules) for (const flag of flagsOfModule(module)) set.delete(flag);
  return set;
}
