import { describe, expect, it } from 'vitest';
import { courseCommands } from '#domain/courses';
import { COURSE_STATES, courseMachine, courseSummary, type CourseState } from './course.ts';
import { initialState, nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';

// 15 working days from Mon 2030-01-07 is Fri 2030-01-25 (no holidays in between).
const EXPIRES = '2030-01-25T23:59:59.000Z';
const EXT1 = '2030-02-15T23:59:59.000Z';
const EXT2 = '2030-03-08T23:59:59.000Z';
const at = (value: CourseState, expiresAt = EXPIRES) => ({ value, context: { expiresAt } });

describe('course machine', () => {
  it('docs/product.md §4: generated paths walk every course and extension state and transition', async () => {
    const report = await walkModel(courseMachine, {
      input: { expiresAt: EXPIRES },
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: courseCommands,
      events: [
        { type: 'course.complete', now: '2030-01-20T10:00:00.000Z' },
        { type: 'course.complete', now: '2030-03-20T10:00:00.000Z' },
        { type: 'course.expire', now: '2030-01-20T10:00:00.000Z' },
        { type: 'course.expire', now: '2030-01-26T00:00:00.000Z' },
        { type: 'course.expire', now: '2030-02-16T00:00:00.000Z' },
        { type: 'course.expire', now: '2030-03-09T00:00:00.000Z' },
        { type: 'course.extend', now: '2030-01-26T00:00:00.000Z', expiresAt: EXT1 },
        { type: 'course.extend', now: '2030-02-16T00:00:00.000Z', expiresAt: EXT2 },
        { type: 'course.extend', now: '2030-02-16T00:00:00.000Z', expiresAt: '2030-02-01T00:00:00.000Z' },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(courseMachine.root.states).sort()).toEqual([...COURSE_STATES].sort());
    expect(initialState(courseMachine, { expiresAt: EXPIRES })).toEqual({
      value: 'en_curso',
      context: { expiresAt: EXPIRES },
    });
  });

  it('docs/product.md §4: en curso → completado on time, → vencido after the deadline', () => {
    expect(nextState(courseMachine, at('en_curso'), { type: 'course.complete', now: EXPIRES })).toMatchObject({
      ok: true,
      value: 'completado',
    });
    expect(
      nextState(courseMachine, at('en_curso'), { type: 'course.complete', now: '2030-01-26T00:00:00.000Z' }).ok,
    ).toBe(false);
    expect(nextState(courseMachine, at('en_curso'), { type: 'course.expire', now: EXPIRES }).ok).toBe(false);
    expect(
      nextState(courseMachine, at('en_curso'), { type: 'course.expire', now: '2030-01-26T00:00:00.000Z' }),
    ).toMatchObject({ ok: true, value: 'vencido', actions: ['notifyExpired'] });
  });

  it('docs/product.md §9: extendable at most 2 times, each with a new later deadline and its own status', () => {
    const ext1 = nextState(courseMachine, at('vencido'), {
      type: 'course.extend',
      now: '2030-01-28T09:00:00Z',
      expiresAt: EXT1,
    });
    expect(ext1).toEqual({
      ok: true,
      value: 'prorroga1_en_curso',
      context: { expiresAt: EXT1 },
      actions: ['notifyExtended'],
    });
    expect(
      nextState(courseMachine, at('prorroga1_en_curso', EXT1), {
        type: 'course.complete',
        now: '2030-02-10T09:00:00Z',
      }),
    ).toMatchObject({ ok: true, value: 'prorroga1_completada' });
    expect(
      nextState(courseMachine, at('prorroga1_en_curso', EXT1), { type: 'course.expire', now: '2030-02-16T09:00:00Z' }),
    ).toMatchObject({ ok: true, value: 'prorroga1_vencida' });
    expect(
      nextState(courseMachine, at('prorroga1_vencida', EXT1), {
        type: 'course.extend',
        now: '2030-02-17T09:00:00Z',
        expiresAt: EXT2,
      }),
    ).toMatchObject({ ok: true, value: 'prorroga2_en_curso' });
    expect(
      nextState(courseMachine, at('prorroga2_en_curso', EXT2), { type: 'course.expire', now: '2030-03-09T09:00:00Z' }),
    ).toMatchObject({ ok: true, value: 'prorroga2_vencida' });
    // No third extension, and an extension must end after it is granted.
    expect(
      nextState(courseMachine, at('prorroga2_vencida', EXT2), {
        type: 'course.extend',
        now: '2030-03-10T09:00:00Z',
        expiresAt: '2030-04-01T00:00:00Z',
      }).ok,
    ).toBe(false);
    expect(
      nextState(courseMachine, at('vencido'), {
        type: 'course.extend',
        now: '2030-01-28T09:00:00Z',
        expiresAt: '2030-01-27T00:00:00Z',
      }).ok,
    ).toBe(false);
    // Extensions start only once the course expired.
    expect(
      nextState(courseMachine, at('en_curso'), { type: 'course.extend', now: '2030-01-20T09:00:00Z', expiresAt: EXT1 })
        .ok,
    ).toBe(false);
    expect(nextState(courseMachine, at('vencido'), { type: 'course.complete', now: '2030-01-20T09:00:00Z' }).ok).toBe(
      false,
    );
  });

  it('courseSummary gives the course column and one column per extension', () => {
    expect(courseSummary('en_curso')).toEqual({
      course: 'en_curso',
      extension1: null,
      extension2: null,
      isCompleted: false,
    });
    expect(courseSummary('completado')).toEqual({
      course: 'completado',
      extension1: null,
      extension2: null,
      isCompleted: true,
    });
    expect(courseSummary('prorroga1_en_curso')).toEqual({
      course: 'vencido',
      extension1: 'en_curso',
      extension2: null,
      isCompleted: false,
    });
    expect(courseSummary('prorroga1_completada')).toEqual({
      course: 'vencido',
      extension1: 'completada',
      extension2: null,
      isCompleted: true,
    });
    expect(courseSummary('prorroga2_completada')).toEqual({
      course: 'vencido',
      extension1: 'vencida',
      extension2: 'completada',
      isCompleted: true,
    });
    expect(courseSummary('prorroga2_vencida')).toEqual({
      course: 'vencido',
      extension1: 'vencida',
      extension2: 'vencida',
      isCompleted: false,
    });
  });
});
