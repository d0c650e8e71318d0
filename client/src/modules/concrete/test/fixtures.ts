import { CONCRETE_SETTINGS_DEFAULTS, specifiedStrengthOf, typeDesignation } from '#domain/concrete';
import type {
  ConcreteCompany,
  ConcreteElement,
  ConcreteSettingsResponse,
  ConcreteType,
  Laboratory,
} from '#domain/concrete-responses';
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
