import type {
  FollowUpRow,
  ProgramPreview,
  ProgramSheet,
  ReceptionDetail,
  ReceptionItem,
  ReceptionList,
  ReceptionRow,
  ReceptionTemplate,
} from '#domain/verifications-responses';
import { RECEPTION_STATES, type ReceptionState } from '#domain/verifications';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';

/** Rows as the verifications routes answer them (domain/verifications-responses.ts), for the module's tests. */
export const template = (over: Partial<ReceptionTemplate> = {}): ReceptionTemplate => ({
  id: 4,
  name: 'Recepción de obra gruesa',
  work_package: 'Obra gruesa',
  active: true,
  checkpoints: [
    { title: 'Moldajes aplomados', guidance: 'Revisar con plomada en cada esquina', evidence: 'foto' },
    { title: 'Armaduras según plano', guidance: null, evidence: 'foto_y_observacion' },
    { title: 'Limpieza del sector', guidance: null, evidence: 'ninguna' },
  ],
  reception_count: 2,
  updated_at: '2025-03-10T14:00:00.000Z',
  ...over,
});

export const receptionRow = (over: Partial<ReceptionRow> = {}): ReceptionRow => ({
  id: 21,
  project_id: 3,
  code: 'R-001',
  name: 'Losa piso 3',
  work_package: 'Obra gruesa',
  location: 'Torre A, piso 3',
  contractor: 'Constructora Andes',
  template: { id: 4, name: 'Recepción de obra gruesa' },
  state: 'programada',
  planned_start: '2025-04-01',
  planned_end: '2025-04-03',
  started_on: null,
  signed_on: null,
  checkpoint_count: 0,
  answered_count: 0,
  failed_count: 0,
  open_follow_ups: 0,
  overdue_follow_ups: 0,
  updated_at: '2025-03-12T09:00:00.000Z',
  ...over,
});

export const receptionItem = (over: Partial<ReceptionItem> = {}): ReceptionItem => ({
  id: 101,
  position: 0,
  title: 'Moldajes aplomados',
  guidance: 'Revisar con plomada en cada esquina',
  evidence: 'foto',
  result: null,
  note: null,
  photos: [],
  due_on: null,
  answered_at: null,
  ...over,
});

export const followUpRow = (over: Partial<FollowUpRow> = {}): FollowUpRow => ({
  id: 61,
  reception_id: 21,
  reception_code: 'R-001',
  reception_name: 'Losa piso 3',
  item_id: 102,
  title: 'Armaduras según plano',
  note: 'Faltan estribos en el eje B',
  due_on: '2025-04-10',
  state: 'abierto',
  overdue: false,
  closed_on: null,
  closing_note: null,
  closing_photos: [],
  closed_by: null,
  allowed_events: ['followUp.close'],
  ...over,
});

/** A reception in inspection: the template's three checkpoints copied, the first answered. */
export const receptionDetail = (over: Partial<ReceptionDetail> = {}): ReceptionDetail => ({
  ...receptionRow({ state: 'en_inspeccion', started_on: '2025-04-01', checkpoint_count: 3, answered_count: 1 }),
  project: { id: 3, name: 'Edificio Parque' },
  inspector: { id: 5, name: 'Valentina Muñoz' },
  observations: null,
  cancel_reason: null,
  items: [
    receptionItem({
      result: 'cumple',
      photos: [{ path: 'verificaciones/21/moldaje.jpg', name: 'moldaje.jpg', size: 120_000, type: 'image/jpeg' }],
      answered_at: '2025-04-01T13:00:00.000Z',
    }),
    receptionItem({
      id: 102,
      position: 1,
      title: 'Armaduras según plano',
      guidance: null,
      evidence: 'foto_y_observacion',
    }),
    receptionItem({ id: 103, position: 2, title: 'Limpieza del sector', guidance: null, evidence: 'ninguna' }),
  ],
  inspector_signature: null,
  contractor_signature: null,
  follow_ups: [],
  allowed_events: ['reception.sign', 'reception.cancel'],
  pdf_url: null,
  ...over,
});

/** The list envelope of `rows`, counting them by state. */
export const receptionList = (rows: ReceptionRow[]): ReceptionList => ({
  data: rows,
  counts: Object.fromEntries(RECEPTION_STATES.map((s) => [s, rows.filter((r) => r.state === s).length])) as Record<
    ReceptionState,
    number
  >,
});

/** Step 1 of the program upload: a sheet with its guessed mapping (the contractor column left unmapped). */
export const programSheet = (over: Partial<ProgramSheet> = {}): ProgramSheet => ({
  columns: ['Código', 'Actividad', 'Partida', 'Ubicación', 'Subcontrato', 'Inicio', 'Término'],
  sample: [['R-001', 'Losa piso 3', 'Obra gruesa', 'Torre A', 'Constructora Andes', '2025-04-01', '2025-04-03']],
  row_count: 3,
  suggested_mapping: {
    Código: 'code',
    Actividad: 'name',
    Partida: 'work_package',
    Ubicación: 'location',
    Inicio: 'planned_start',
    Término: 'planned_end',
  },
  ...over,
});

export const programPreview = (over: Partial<ProgramPreview> = {}): ProgramPreview => ({
  row_count: 3,
  valid_count: 2,
  error_count: 1,
  errors: [{ row: 4, column: 'Inicio', message: 'Fecha inválida' }],
  create_count: 1,
  update_count: 1,
  unmatched_work_packages: ['Terminaciones'],
  sample: [
    {
      code: 'R-001',
      name: 'Losa piso 3',
      work_package: 'Obra gruesa',
      location: 'Torre A',
      contractor: null,
      planned_start: '2025-04-01',
      planned_end: '2025-04-03',
    },
  ],
  ...over,
});

export type VerificationsState = {
  plantillas?: ReceptionTemplate[];
  recepciones?: ReceptionRow[];
  details?: ReceptionDetail[];
  seguimientos?: FollowUpRow[];
};

/**
 * fetch answering the GETs of verificaciones/* from `state` (templates, the project's receptions — filtered by `q` on
 * code and name —, one reception by id, follow-ups) and every other call with `write` (404 when not given).
 */
export function mockVerificationsApi(state: VerificationsState, write?: (call: RecordedCall) => MockAnswer) {
  return mockFetch((call) => {
    if (call.method === 'GET') {
      const url = new URL(call.url, 'http://localhost');
      const path = /\/verificaciones\/(.+)$/.exec(url.pathname)?.[1] ?? '';
      if (path === 'plantillas') return { body: { data: state.plantillas ?? [] } };
      if (path === 'recepciones') {
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        const rows = (state.recepciones ?? []).filter(
          (r) => !q || r.code.toLowerCase().includes(q) || r.name.toLowerCase().includes(q),
        );
        return { body: receptionList(rows) };
      }
      const detail = /^recepciones\/(\d+)$/.exec(path);
      if (detail) {
        const row = (state.details ?? []).find((d) => d.id === Number(detail[1]));
        return row ? { body: { data: row } } : { status: 404, body: { message: 'No encontrado' } };
      }
      if (path === 'seguimientos') return { body: { data: state.seguimientos ?? [] } };
    }
    return write?.(call) ?? { status: 404, body: { message: 'No encontrado' } };
  });
}

export const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');

/** A 422 as the server sends it (message, errors and the per-field map). */
export const refusal = (fields: Record<string, string>): MockAnswer => ({
  status: 422,
  body: { message: 'Los datos enviados no son válidos', errors: Object.values(fields), fields },
});

/** Permission sets: who sees the module, who writes the program, who inspects, who edits the templates. */
export const VIEWER = ['verifications-access'];
export const MANAGER = ['verifications-access', 'verificaciones_gestionar'];
export const INSPECTOR = ['verifications-access', 'verificaciones_inspeccionar'];
export const TEMPLATE_EDITOR = ['verifications-access', 'config_recepciones'];
