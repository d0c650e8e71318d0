import type { ActivityRow, QualityAttribute } from '#domain/quality-responses';

/** An activity row as GET calidad/actividades answers it (domain/quality-responses.ts activityRowSchema). */
export const activityRow = (id: number, extra: Partial<ActivityRow> = {}): ActivityRow => ({
  id,
  project_id: 3,
  parent_id: null,
  code: String(id),
  level: 0,
  position: id,
  description: `Actividad ${id}`,
  estimated_start: null,
  estimated_end: null,
  actual_start: null,
  actual_end: null,
  progress: 0,
  estimated_cost: null,
  actual_cost: null,
  currency: null,
  values: {},
  element_count: 0,
  updated_at: '2026-11-01T12:00:00.000Z',
  ...extra,
});

/** An activity as the Gantt tests draw it: a level-1 task planned over ten days of December, 40 % done. */
export const ganttActivity = (extra: Partial<ActivityRow>): ActivityRow =>
  activityRow(extra.id ?? 1, {
    code: '1',
    level: 1,
    position: 0,
    description: 'Obra gruesa',
    estimated_start: '2026-12-01',
    estimated_end: '2026-12-10',
    progress: 40,
    updated_at: '2026-11-30T12:00:00.000Z',
    ...extra,
  });

export const attribute = (id: number, name: string, values: [number, string][]): QualityAttribute => ({
  id,
  name,
  position: id,
  values: values.map(([vid, vname]) => ({ id: vid, name: vname, activity_count: 0 })),
});
