import { CONCRETE_SETTINGS_DEFAULTS, specifiedStrengthOf, typeDesignation } from '#domain/concrete';
import type {
  ConcreteCompany,
  ConcreteElement,
  ConcreteSettingsResponse,
  ConcreteType,
  Laboratory,
} from '#domain/concrete-responses';
import type { BatchDetail, PlacementDetail, SampleView } from '#domain/concrete-placements-responses';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';

/** Rows as the concrete routes answer them (domain/concrete-responses.ts), for the config pages' tests. */
export const element = (over: Partial<ConcreteElement> = {}): ConcreteElement => ({
  id: 1,
  name: 'Losa',
  active: true,
  position: 0,
  ...over,
});

export const laboratory = (over: Partial<Laboratory> = {}): Laboratory => ({
  id: 7,
  name: 'Laboratorio Idiem',
  rut: '76543210-3',
  email: 'ensayos@idiem.cl',
  phone: '+56 2 2978 4000',
  active: true,
  ...over,
});

export const company = (over: Partial<ConcreteCompany> = {}): ConcreteCompany => ({
  id: 3,
  name: 'Hormigones del Sur',
  rut: null,
  homologated: true,
  active: true,
  ...over,
});

export function concreteType(over: Partial<Omit<ConcreteType, 'strength_mpa' | 'designation'>> = {}): ConcreteType {
  const row = {
    id: 11,
    grade: 'G25' as const,
    confidence: 90 as const,
    aggregate_mm: 20 as const,
    slump_cm: 10,
    structural: true,
    description: null,
    active: true,
    ...over,
  };
  return { ...row, strength_mpa: specifiedStrengthOf(row.grade), designation: typeDesignation(row) };
}

export const settings = (over: Partial<ConcreteSettingsResponse> = {}): ConcreteSettingsResponse => ({
  ...CONCRETE_SETTINGS_DEFAULTS,
  updated_at: null,
  ...over,
});

export type ConcreteState = {
  elementos?: ConcreteElement[];
  laboratorios?: Laboratory[];
  empresas?: ConcreteCompany[];
  tipos?: ConcreteType[];
  configuracion?: ConcreteSettingsResponse;
};

/** fetch answering the GETs of hormigon/* from `state` and every write with `write` (404 when not given). */
export function mockConcreteApi(state: ConcreteState, write?: (call: RecordedCall) => MockAnswer) {
  return mockFetch((call) => {
    if (call.method === 'GET') {
      const path = /\/hormigon\/([a-z]+)/.exec(call.url)?.[1] as keyof ConcreteState | undefined;
      const data = path === 'configuracion' ? (state.configuracion ?? settings()) : path ? (state[path] ?? []) : null;
      return data === null ? { status: 404, body: { message: 'No encontrado' } } : { body: { data } };
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

export const EDITOR = ['modulo_hormigon', 'hormigon_editar'];
export const VIEWER = ['modulo_hormigon'];

/** A placement as GET hormigon/vaciados/{id} answers it (domain/concrete-placements-responses.ts). */
export const placementDetail = (over: Partial<PlacementDetail> = {}): PlacementDetail => ({
  id: 40,
  number: 4,
  project_id: 3,
  state: 'vaciado',
  element: { id: 2, name: 'Muro' },
  m3: 12.5,
  location: 'Piso 3',
  unit: 'Torre A',
  zone_cycle: 'Ciclo 2',
  axis_1: null,
  axis_2: null,
  axis_3: null,
  axis_4: null,
  concrete_company: { id: 3, name: 'Hormigones del Sur', homologated: true },
  concrete_type: { id: 10, grade: 'G25', strength_mpa: 25, designation: 'G25 (90) 20 10' },
  scheduled_on: '2026-11-20',
  poured_on: '2026-11-21',
  batch: { id: 8, number: 2, state: 'abierto' },
  guides_m3: 12.5,
  samples_count: 0,
  tested_count: 0,
  element_count: 3,
  updated_at: '2026-11-21T15:00:00.000Z',
  notes: null,
  global_ids: ['W-1', 'W-2', 'W-3'],
  guides: [{ id: 91, number: 'G-1001', truck: 'KX-4411', m3: 7, arrived_at: '09:30:00' }],
  samples: [],
  acceptance_age_days: 28,
  created_by: null,
  created_at: '2026-11-19T12:00:00.000Z',
  allowed_events: ['placement.sample'],
  ...over,
});

export const sampleView = (over: Partial<SampleView> = {}): SampleView => ({
  id: 70,
  code: 'M-1',
  guide_id: 91,
  taken_on: '2026-11-21',
  specimens: 4,
  laboratory: { id: 7, name: 'Laboratorio Idiem' },
  early_mpa: null,
  acceptance_mpa: null,
  early_due_on: '2026-11-28',
  acceptance_due_on: '2026-12-19',
  ...over,
});

/** A batch as GET hormigon/lotes/{id} answers it. */
export const batchDetail = (over: Partial<BatchDetail> = {}): BatchDetail => ({
  id: 8,
  number: 2,
  project_id: 3,
  state: 'abierto',
  concrete_type: { id: 10, grade: 'G25', strength_mpa: 25, designation: 'G25 (90) 20 10' },
  opened_on: '2026-11-21',
  closes_on: '2026-12-04',
  m3: 12.5,
  m3_max: 120,
  placement_count: 1,
  samples_count: 0,
  tested_count: 0,
  verdict: null,
  closed_at: null,
  evaluated_at: null,
  placements: [],
  results: [],
  rule: {
    specified_mpa: 25,
    acceptance_age_days: 28,
    acceptance_consecutive: 3,
    mean_required_mpa: 25,
    single_required_mpa: 21.5,
  },
  allowed_events: ['batch.close'],
  ...over,
});
