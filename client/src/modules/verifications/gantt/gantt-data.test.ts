import { describe, expect, it } from 'vitest';
import { receptionRow } from '../test/fixtures.ts';
import {
  doneBar,
  filterReceptions,
  NO_FILTER,
  progressOf,
  stateClass,
  toReceptionGantt,
  workPackagesOf,
} from './gantt-data.ts';

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const rows = [
  receptionRow({ id: 1, code: 'R-2', name: 'Losa 2', planned_start: '2025-04-05', planned_end: '2025-04-06' }),
  receptionRow({ id: 2, code: 'R-1', name: 'Losa 1', planned_start: '2025-04-01', planned_end: '2025-04-03' }),
  receptionRow({
    id: 3,
    code: 'T-1',
    name: 'Pintura',
    work_package: 'Terminaciones',
    planned_start: '2025-05-01',
    planned_end: '2025-05-02',
  }),
  receptionRow({
    id: 4,
    code: 'X-1',
    name: 'Aseo',
    work_package: null,
    planned_start: '2025-03-01',
    planned_end: '2025-03-01',
  }),
];

describe('toReceptionGantt', () => {
  it('groups by work package (alphabetical, none last), each under a read-only summary spanning its receptions', () => {
    const { data, links } = toReceptionGantt(rows, 'Sin partida');
    expect(links).toEqual([]);
    expect(data.map((t) => `${t.text}>${t.parent}`)).toEqual([
      'Obra gruesa>0',
      'Losa 1>wp:Obra gruesa',
      'Losa 2>wp:Obra gruesa',
      'Terminaciones>0',
      'Pintura>wp:Terminaciones',
      'Sin partida>0',
      'Aseo>wp:',
    ]);
    const group = data[0]!;
    expect(group).toMatchObject({ type: 'project', readonly: true });
    expect(day(group.start_date)).toBe('2025-04-01');
    // The chart's end is the midnight after the last day.
    expect(day(group.end_date)).toBe('2025-04-07');
  });

  it('draws the planned days with the checkpoints answered as progress', () => {
    const row = receptionRow({
      id: 9,
      state: 'en_inspeccion',
      planned_start: '2025-04-01',
      planned_end: '2025-04-03',
      checkpoint_count: 4,
      answered_count: 1,
    });
    const task = toReceptionGantt([row], '-').data[1]!;
    expect(day(task.start_date)).toBe('2025-04-01');
    expect(day(task.end_date)).toBe('2025-04-04');
    expect(task.progress).toBe(0.25);
    expect(task.readonly).toBe(true);
    expect(task.row).toBe(row);
  });

  it('a signed reception is done; one without checkpoints has none', () => {
    expect(progressOf(receptionRow({ state: 'aprobada', checkpoint_count: 3, answered_count: 3 }))).toBe(1);
    expect(progressOf(receptionRow({ state: 'observada', checkpoint_count: 3, answered_count: 2 }))).toBe(1);
    expect(progressOf(receptionRow({ state: 'programada', checkpoint_count: 0, answered_count: 0 }))).toBe(0);
  });

  it('colours each bar by its state', () => {
    expect(stateClass('aprobada')).toBe('vr-state-aprobada');
    expect(stateClass('observada')).not.toBe(stateClass('programada'));
  });
});

describe('doneBar', () => {
  const today = new Date(2025, 3, 10);
  it('runs from the start to the signing day, included', () => {
    const bar = doneBar(receptionRow({ state: 'aprobada', started_on: '2025-04-02', signed_on: '2025-04-04' }), today)!;
    expect([day(bar.start), day(bar.end)]).toEqual(['2025-04-02', '2025-04-05']);
  });
  it('runs to today while in inspection, and is absent before the start or once cancelled', () => {
    const bar = doneBar(receptionRow({ state: 'en_inspeccion', started_on: '2025-04-08' }), today)!;
    expect([day(bar.start), day(bar.end)]).toEqual(['2025-04-08', '2025-04-11']);
    expect(doneBar(receptionRow({ state: 'programada' }), today)).toBeNull();
    expect(doneBar(receptionRow({ state: 'anulada', started_on: '2025-04-08' }), today)).toBeNull();
  });
});

describe('filters', () => {
  it('keeps the state, the work package and the text (accents aside)', () => {
    expect(workPackagesOf(rows)).toEqual(['Obra gruesa', 'Terminaciones']);
    const withState = [...rows, receptionRow({ id: 5, code: 'R-9', name: 'Fundación', state: 'aprobada' })];
    expect(filterReceptions(withState, { ...NO_FILTER, state: 'aprobada' }).map((r) => r.id)).toEqual([5]);
    expect(filterReceptions(withState, { ...NO_FILTER, workPackage: 'Terminaciones' }).map((r) => r.id)).toEqual([3]);
    expect(filterReceptions(withState, { ...NO_FILTER, q: 'fundacion' }).map((r) => r.id)).toEqual([5]);
    expect(filterReceptions(withState, NO_FILTER)).toHaveLength(5);
  });
});
