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

/** Every permission flag the product knows, for the profile editor and the seed. */
export const PERMISSIONS = [
  'modulo_hormigon',
  'modulo_biblioteca',
  'cmanagement-access',
  'modulo_calidad',
  'verifications-access',
  'modulo_entregas',
  'modulo_postventa',
  'modulo_billing',
  'ryr',
  'dbdump',
  'todos_los_proyectos',
  'config_usuarios',
  'config_usuarios_limites',
  'config_permisos',
  'config_cargos',
  'config_cursos',
  'config_integraciones',
  'config_proyectos',
  'config_propietarios',
  'config_recepciones',
  'ver_notificaciones',
  'postventa_crear',
  'postventa_gestionar',
  'postventa_cerrar',
  'postventa_supervisar',
  'postventa_mensaje_propietario',
  'entregas_gestionar',
  'entregas_revision',
  'calidad_editar',
  'hormigon_editar',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** docs/product.md §2 config propietarios and proyectos: who configures a project's owners, unit types and plans. */
export const CONFIGURE_PROJECT_OWNERS = 'config_propietarios|config_proyectos';
