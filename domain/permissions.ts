import { PERMISSION_CATALOGUE, type CatalogueFlag } from './permission-catalogue.ts';

/**
 * Permission expressions of docs/product.md §6, evaluated identically by the server and the client.
 * 'a|b' is true when any flag is held, 'a&b' when all are; a leading '!' negates a term
 * ('!a' or '!a|b'); a value that is not a string (undefined, null, true) is always allowed.
 */
export type PermissionSet = ReadonlySet<string> | readonly string[] | Readonly<Record<string, unknown>>;

function holds(set: PermissionSet, flag: string): boolean {
  if (set instanceof Set) return set.has(flag);
  if (Array.isArray(set)) return set.includes(flag);
  return Boolean((set as Record<string, unknown>)[flag]);
}

function term(set: PermissionSet, raw: string): boolean {
  const t = raw.trim();
  if (t.startsWith('!')) return !term(set, t.slice(1));
  return t.length > 0 && holds(set, t);
}

export function can(set: PermissionSet | null | undefined, expression: unknown, negate = false): boolean {
  if (typeof expression !== 'string') return !negate;
  const perms = set ?? [];
  const result = expression.includes('|')
    ? expression.split('|').some((t) => term(perms, t))
    : expression.split('&').every((t) => term(perms, t));
  return negate ? !result : result;
}

/** Route permissions of docs/product.md §2 (the table's Permission column). */
export const MODULE_PERMISSIONS = {
  concrete: 'modulo_hormigon',
  cbox: 'modulo_biblioteca',
  cmanagement: 'cmanagement-access',
  quality: 'modulo_calidad',
  verifications: 'verifications-access',
  warranties: 'modulo_entregas|modulo_postventa',
  billing: 'modulo_billing',
  tiinsights: 'ryr|dbdump',
} as const;
export type ModuleName = keyof typeof MODULE_PERMISSIONS | 'home' | 'config' | 'auth' | 'ocinsights';

/** Every permission flag the product knows, from the one catalogue (domain/permission-catalogue.ts). */
export const PERMISSIONS: readonly CatalogueFlag[] = PERMISSION_CATALOGUE.map((e) => e.flag);
export type Permission = CatalogueFlag;

/** docs/product.md §2 config cargos and permisos: who manages positions, and profiles with the company's modules. */
export const CONFIG_POSITIONS = 'config_cargos' satisfies Permission;
export const CONFIG_PROFILES = 'config_permisos' satisfies Permission;

/** docs/product.md §2 config propietarios and proyectos: who configures a project's owners, unit types and plans. */
export const CONFIGURE_PROJECT_OWNERS = 'config_propietarios|config_proyectos';

/** docs/product.md §2 config cursos: the course catalogue, assignments and extensions. */
export const CONFIG_COURSES = 'config_cursos';
/** docs/product.md §2 config trabajadores: worker records and their contracts. */
export const CONFIG_WORKERS = 'config_trabajadores';
/** docs/product.md §1 administration: reading the audit log of administrative changes (administrators only). */
export const CONFIG_AUDIT = 'config_auditoria';
/** docs/product.md §2 config integraciones: API apps, webhooks and the connectors. */
export const CONFIG_INTEGRATIONS = 'config_integraciones' satisfies Permission;
