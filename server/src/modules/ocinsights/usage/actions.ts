/**
 * How an API write is named in usage (docs/decisions.md D-285): its method and the route template it matched, never
 * the path it was called with (ids), its query or its body; and the area (client/src/shared/route-manifest.ts
 * AreaName) of the API mount it went to.
 */

/** The API mount's first path segment (server/src/api.ts) → the client's area. Others are named by their segment. */
const AREA_OF_MOUNT: Record<string, string> = {
  postventa: 'warranties',
  entregas: 'warranties',
  biblioteca: 'cbox',
  calidad: 'quality',
  hormigon: 'concrete',
  verificaciones: 'verifications',
  configuracion: 'config',
  facturacion: 'billing',
  home: 'home',
  cmanagement: 'cmanagement',
  ocinsights: 'ocinsights',
  tiinsights: 'tiinsights',
};

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The one write usage never counts as an action: the screen report itself (it counts screens). */
export const SCREEN_REPORT_ROUTE = '/ocinsights/uso/pantallas';

export function areaOfTemplate(template: string): string {
  const segment = template.split('/').find(Boolean) ?? '';
  return AREA_OF_MOUNT[segment] ?? segment;
}

/**
 * A route template as usage names it: a parameter constrained to a few literal words (`:action{cerrar|reabrir}`, the
 * verbs of a command table) by the word it matched — a verb, not content —, any other parameter by its name alone.
 */
export function actionTemplate(template: string, param: (name: string) => string | undefined): string {
  return template.replace(/:(\w+)(\{([^}]*)\})?\??/g, (_whole, name: string, _group, pattern: string | undefined) => {
    if (pattern && /^[\w-]+(\|[\w-]+)*$/.test(pattern)) {
      const value = param(name);
      if (value && pattern.split('|').includes(value)) return value;
    }
    return `:${name}`;
  });
}
