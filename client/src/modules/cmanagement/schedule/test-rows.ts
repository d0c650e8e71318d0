import type { CmTaskRow } from '#domain/cmanagement-responses';

/** A task as GET tickets/{id}/tareas answers it (domain/cmanagement-responses.ts), for the schedule's tests. */
export function taskRow(over: Partial<CmTaskRow> = {}): CmTaskRow {
  return {
    id: 1,
    ticket: { id: 40, code: 'CM-7', title: 'Filtración losa piso 3', project_id: 3 },
    parent_id: null,
    name: 'Impermeabilizar losa',
    start_date: '2026-12-01',
    end_date: '2026-12-03',
    progress: 25,
    state: 'en_curso',
    assignee: { id: 8, full_name: 'Pedro Soto', acronym: 'PS', color: null, is_enabled: true },
    position: 0,
    allowed_events: ['cmTask.complete'],
    updated_at: '2026-11-30T12:00:00.000Z',
    ...over,
  };
}
