import type { ParamKind, Samples } from './route-samples.ts';

/**
 * What the isolation sweep sends besides the path: for the routes whose body or query names records
 * (unit_id, ticket_ids, failure_ids, project_ids, paths…), those ids from the scope's samples; for the
 * routes whose schema refuses an empty body, the smallest valid one, so the scope and not validation
 * answers. Matched on "METHOD template" (the path without /api/v2/public/api), first match wins;
 * anything else gets `{}` (writes) or nothing (reads).
 */
type Build = (s: Samples) => unknown;

const slot = () => {
  const d = new Date(Date.now() + 5 * 86_400_000);
  d.setUTCHours(14, 0, 0, 0);
  return d.toISOString();
};
const visit = () => ({ start_at: slot(), duration_minutes: 60 });

const BODIES: [RegExp, Build][] = [
  // After-sales (solicitudes, fallas, OI/OT, AC, agenda, settings) and the owner portal.
  [
    /^POST \/postventa\/solicitudes$/,
    (s) => ({ unit_id: s.unit, applicant_owner_id: s.owner, origin: 'CALL', subject: 'x', message: 'y' }),
  ],
  [/^POST \/postventa\/solicitudes\/bulk$/, (s) => ({ ids: [s.ticket], action: 'postpone' })],
  [/^PATCH \/postventa\/solicitudes\/:id$/, () => ({ priority: 'low' })],
  [
    /^POST \/postventa\/solicitudes\/:id\/mensajes$/,
    (s) => ({ body: 'hola', visibility: 'private', attachments: attachment(s) }),
  ],
  [/^POST \/postventa\/solicitudes\/:id\/fusionar$/, (s) => ({ ticket_ids: [s.ticket] })],
  [/^POST \/postventa\/solicitudes\/:id\/(cerrar|no-aplica)$/, () => ({ justification: 'x' })],
  [
    /^POST \/postventa\/solicitudes\/:id\/fallas$/,
    (s) => ({ failure_type_id: s.failureType, attachments: attachment(s) }),
  ],
  [/^PATCH \/postventa\/solicitudes\/:id\/fallas\/:failureId$/, () => ({ description: 'x' })],
  [/^POST \/postventa\/solicitudes\/:id\/fallas\/:failureId\/resultado$/, () => ({ outcome: 'cumple' })],
  [
    /^POST \/postventa\/solicitudes\/:id\/(oi|ot)$/,
    (s) => ({ responsible_id: 1, failure_ids: [s.failure], ...visit() }),
  ],
  [/^PATCH \/postventa\/solicitudes\/:id\/(oi|ot)\/:orderId$/, () => ({ description: 'x' })],
  [
    /^POST \/postventa\/solicitudes\/:id\/(oi|ot)\/:orderId\/gestionar$/,
    (s) => ({ results: [{ failure_id: s.failure, result: 'cumple' }] }),
  ],
  [/^POST \/postventa\/solicitudes\/:id\/(oi|ot)\/:orderId\/(agendar|reagendar)$/, visit],
  [/^POST \/postventa\/solicitudes\/:id\/ac$/, (s) => ({ failure_ids: [s.failure] })],
  [/^POST \/postventa\/solicitudes\/:id\/ac\/:acId\/responder$/, () => ({ result: 'conforme' })],
  [/^POST \/postventa\/solicitudes\/:id\/ac\/:acId\/seguimiento$/, () => ({ follow_up: 'reinspeccion' })],
  [/^PATCH \/postventa\/agenda\/:orderId$/, visit],
  [/^PUT \/postventa\/proyectos\/:projectId\/configuracion$/, () => ({ response_time_hours: 12 })],
  [/^POST \/postventa\/portal\/solicitudes$/, (s) => ({ unit_id: s.unit, subject: 'x', message: 'y' })],
  [/^POST \/postventa\/portal\/solicitudes\/:id\/mensajes$/, (s) => ({ body: 'hola', attachments: attachment(s) })],
  // Configuration: workers and courses (company-level records).
  [
    /^PUT \/configuracion\/trabajadores\/:workerId$/,
    () => ({ first_name: 'x', last_name: 'y', contract_type: 'indefinido', start_date: '2030-01-07' }),
  ],
  [/^PUT \/configuracion\/cursos\/:courseId$/, () => ({ name: 'x' })],
  // Deliveries (fichas, catalogue, project configuration).
  [/^POST \/entregas\/proyectos\/:projectId\/fichas\/agendar$/, (s) => ({ unit_ids: [s.unit], start_at: slot() })],
  [/^PATCH \/entregas\/fichas\/:unitId$/, () => ({ responsible_id: null })],
  [/^POST \/entregas\/fichas\/:unitId\/propietarios$/, () => ({ name: 'Ana', role: 'receptor' })],
  [/^PATCH \/entregas\/fichas\/:unitId\/propietarios\/:ownerId$/, () => ({ phone: '123' })],
  [/^PUT \/entregas\/fichas\/:unitId\/revision$/, (s) => ({ results: [{ item_id: s.item, outcome: 'cumple' }] })],
  [/^PUT \/entregas\/fichas\/:unitId\/detalles$/, () => ({ parkings: ['E1'] })],
  [/^PUT \/entregas\/fichas\/:unitId\/accesorios$/, () => ({ accessories: [] })],
  [/^POST \/entregas\/fichas\/:unitId\/archivos$/, (s) => ({ paths: [s.file] })],
  [/^POST \/entregas\/fichas\/:unitId\/agendar$/, () => ({ start_at: slot() })],
  [
    /^POST \/entregas\/fichas\/:unitId\/entregar$/,
    (s) => ({ delivery_date: '2030-01-01', attendees: [{ owner_id: s.owner, role: 'propietario' }] }),
  ],
  [/^PATCH \/entregas\/[\w-]+\/:id$/, () => ({ name: 'X' })],
  [/^POST \/entregas\/[\w-]+\/:id\/[\w-]+$/, () => ({ name: 'X', category: 'terminaciones', severity: 'leve' })],
  [/^PUT \/entregas\/configuracion\/global$/, (s) => ({ project_ids: [s.project], response_time_hours: 5 })],
  [/^PUT \/entregas\/proyectos\/:projectId\/configuracion\/general$/, () => ({ legal_representative: 'X' })],
  [/^PUT \/entregas\/proyectos\/:projectId\/configuracion\/logo$/, (s) => ({ logo_path: s.file })],
  [
    /^POST \/entregas\/proyectos\/:projectId\/configuracion\/planos$/,
    (s) => ({ unit_type_id: s.unitType, paths: [s.file] }),
  ],
  [/^PUT \/entregas\/proyectos\/:projectId\/configuracion\/iframe$/, () => ({ enabled: false, allowed_origins: [] })],
  // Configuration: positions and profiles.
  [/^PATCH \/configuracion\/cargos\/:positionId$/, () => ({ name: 'Cargo X' })],
  [/^PUT \/configuracion\/permisos\/:profileId$/, () => ({ name: 'Perfil X' })],
  // Integrations: API apps.
  [/^PATCH \/configuracion\/integraciones\/apps\/:appId$/, () => ({ name: 'App X' })],
  // Configuration: webhook applications.
  [/^PATCH \/configuracion\/integraciones\/webhooks\/aplicaciones\/:applicationId$/, () => ({ name: 'App X' })],
  [
    /^POST \/configuracion\/integraciones\/webhooks\/aplicaciones\/:applicationId\/probar$/,
    () => ({ event: 'ticket.created' }),
  ],
  // Library (biblioteca): names in the path's folder or file, selections in the body.
  [/^POST \/biblioteca\/carpetas$/, (s) => ({ name: 'Carpeta X', parent_id: s.cboxFolder })],
  [/^PATCH \/biblioteca\/carpetas\/:cboxFolderId$/, () => ({ name: 'Carpeta X' })],
  [/^PATCH \/biblioteca\/archivos\/:cboxFileId$/, () => ({ name: 'x.pdf' })],
  [/^POST \/biblioteca\/mover$/, (s) => ({ folder_ids: [s.cboxFolder], file_ids: [s.cboxFile], target_id: null })],
  [
    /^POST \/biblioteca\/(eliminar|papelera\/restaurar|papelera\/vaciar)$/,
    (s) => ({ folder_ids: [s.cboxFolder], file_ids: [s.cboxFile] }),
  ],
  // The library's shares.
  [/^PATCH \/biblioteca\/compartir\/:shareId$/, () => ({ levels: ['can-download'] })],
  // Files, account and notifications.
  [/^POST \/files\/confirm$/, (s) => ({ path: s.file })],
  [/^PUT \/auth\/firma$/, (s) => ({ path: s.file })],
  [/^PATCH \/notificaciones\/:id$/, () => ({ read: true })],
];

function attachment(s: Samples) {
  return s.file ? [{ path: s.file, name: 'x.pdf', size: 10, type: 'application/pdf' }] : [];
}

/** Ids in the query string: lists and dashboards filter by them, pickers and the global settings need them. */
const QUERIES: [RegExp, (s: Samples) => string][] = [
  [/^GET \/postventa\/solicitudes\/export$/, (s) => `format=csv&project_id=${s.project}&unit_id=${s.unit}`],
  [
    /^GET \/postventa\/(solicitudes|dashboard\/solicitudes|dashboard\/eficiencia)$/,
    (s) => `project_id=${s.project}&unit_id=${s.unit}`,
  ],
  [/^GET \/postventa\/(estadisticas|unidades|torres|responsables)$/, (s) => `project_id=${s.project}`],
  [
    /^GET \/(postventa|entregas)\/agenda$/,
    (s) => `project_id=${s.project}&from=${slot().slice(0, 10)}&to=${slot().slice(0, 10)}`,
  ],
  [/^GET \/entregas\/dashboard\/[\w-]+$/, (s) => `project_id=${s.project}`],
  [/^GET \/entregas\/fichas$/, (s) => `project_id=${s.project}`],
  [/^GET \/entregas\/configuracion\/global$/, (s) => `project_ids=${s.project}`],
  [/^GET \/biblioteca\/contenido$/, (s) => `folder_id=${s.cboxFolder}`],
];

const find = <T>(table: [RegExp, T][], key: string) => table.find(([re]) => re.test(key))?.[1];

/**
 * The body and query of one call. `namesRecords`: the body or query carries record ids (a builder
 * that reads the samples takes them as its argument), so the route is swept even without a path id.
 */
export function inputsFor(method: string, template: string, s: Samples) {
  const key = `${method} ${template}`;
  const body = find(BODIES, key);
  const query = find(QUERIES, key);
  const write = method !== 'GET' && method !== 'DELETE';
  return {
    body: body ? body(s) : write ? {} : undefined,
    query: query ? `?${query(s)}` : '',
    namesRecords: Boolean(query) || (body?.length ?? 0) > 0,
    /** The kinds of record the body and query name (the samples their builders read). */
    kindsNamed: [...new Set([...(body ? kindsRead(body) : []), ...(query ? kindsRead(query) : [])])],
  };
}

/** The sample kinds a builder reads: it is called once on a stand-in that records every kind asked for. */
function kindsRead(build: (s: Samples) => unknown): ParamKind[] {
  const read = new Set<ParamKind>();
  const probe = new Proxy({} as Samples, {
    get: (_target, kind) => {
      if (typeof kind === 'string') read.add(kind as ParamKind);
      return 1;
    },
  });
  build(probe);
  return [...read];
}

/** A list read with no record named: only what it requires (a date range around the sweep's visits, CSV for the export). */
export function listQuery(template: string) {
  const day = slot().slice(0, 10);
  if (/\/agenda$/.test(template)) return `?from=${day}&to=${day}`;
  return /\/export$/.test(template) ? '?format=csv' : '';
}
