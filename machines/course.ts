import { assign, setup } from 'xstate';
import { COURSE_STATES, type CourseState } from '#domain/courses';
import { isAfter, isAtOrBefore, toMillis } from './time.ts';

/**
 * docs/product.md §4/§9 course assignment: 15 working days, extendable by 15 working days at most 2 times.
 * The states are domain/courses.ts's COURSE_STATES; `courseSummary` gives the course's own status and each
 * extension's status for the list columns.
 */
export { COURSE_STATES, type CourseState };

export type CourseContext = {
  /** Current deadline (ISO): the course's expiry date, then each extension's. */
  expiresAt: string;
};
export type CourseInput = { expiresAt: string };

export type CourseEvent =
  | { type: 'course.complete'; now: string }
  | { type: 'course.expire'; now: string }
  /** `expiresAt`: 15 working days from `now`, computed by the caller with domain/working-days. */
  | { type: 'course.extend'; now: string; expiresAt: string };

export type CourseEventType = CourseEvent['type'];

export type CourseStatus = 'en_curso' | 'vencido' | 'completado';
export type ExtensionStatus = 'en_curso' | 'vencida' | 'completada';
export type CourseSummary = {
  course: CourseStatus;
  extension1: ExtensionStatus | null;
  extension2: ExtensionStatus | null;
  isCompleted: boolean;
};

/**
 * The course column keeps the original period's outcome: once it expired it stays 'vencido' and
 * the extension columns tell the rest (an extension exists only after an expiry).
 */
const SUMMARY: Record<CourseState, Omit<CourseSummary, 'isCompleted'>> = {
  en_curso: { course: 'en_curso', extension1: null, extension2: null },
  vencido: { course: 'vencido', extension1: null, extension2: null },
  completado: { course: 'completado', extension1: null, extension2: null },
  prorroga1_en_curso: { course: 'vencido', extension1: 'en_curso', extension2: null },
  prorroga1_vencida: { course: 'vencido', extension1: 'vencida', extension2: null },
  prorroga1_completada: { course: 'vencido', extension1: 'completada', extension2: null },
  prorroga2_en_curso: { course: 'vencido', extension1: 'vencida', extension2: 'en_curso' },
  prorroga2_vencida: { course: 'vencido', extension1: 'vencida', extension2: 'vencida' },
  prorroga2_completada: { course: 'vencido', extension1: 'vencida', extension2: 'completada' },
};

export function courseSummary(state: CourseState): CourseSummary {
  return { ...SUMMARY[state], isCompleted: state === 'completado' || state.endsWith('_completada') };
}

export const courseMachine = setup({
  types: {
    context: {} as CourseContext,
    events: {} as CourseEvent,
    input: {} as CourseInput,
  },
  guards: {
    // Completing at the deadline instant still counts; after it, only an extension helps.
    isOnTime: ({ context, event }) => isAtOrBefore(event.now, context.expiresAt),
    isPastDeadline: ({ context, event }) => isAfter(event.now, context.expiresAt),
    isNewDeadlineLater: ({ event }) =>
      event.type === 'course.extend' && toMillis(event.expiresAt) > toMillis(event.now),
  },
  actions: {
    setDeadline: assign(({ event }) => (event.type === 'course.extend' ? { expiresAt: event.expiresAt } : {})),
    // Effects, named here and never run by the machine: server/src/modules/config/courses/commands.ts
    // performs them (notifies the assignee, moves the home task's due date).
    notifyExpired: () => {},
    notifyExtended: () => {},
  },
}).createMachine({
  id: 'course',
  initial: 'en_curso',
  context: ({ input }) => ({ expiresAt: input.expiresAt }),
  states: {
    en_curso: {
      on: {
        'course.complete': { target: 'completado', guard: 'isOnTime' },
        'course.expire': { target: 'vencido', guard: 'isPastDeadline', actions: 'notifyExpired' },
      },
    },
    vencido: {
      on: {
        'course.extend': {
          target: 'prorroga1_en_curso',
          guard: 'isNewDeadlineLater',
          actions: ['setDeadline', 'notifyExtended'],
        },
      },
    },
    completado: { type: 'final' },
    prorroga1_en_curso: {
      on: {
        'course.complete': { target: 'prorroga1_completada', guard: 'isOnTime' },
        'course.expire': { target: 'prorroga1_vencida', guard: 'isPastDeadline', actions: 'notifyExpired' },
      },
    },
    prorroga1_vencida: {
      on: {
        'course.extend': {
          target: 'prorroga2_en_curso',
          guard: 'isNewDeadlineLater',
          actions: ['setDeadline', 'notifyExtended'],
        },
      },
    },
    prorroga1_completada: { type: 'final' },
    prorroga2_en_curso: {
      on: {
        'course.complete': { target: 'prorroga2_completada', guard: 'isOnTime' },
        'course.expire': { target: 'prorroga2_vencida', guard: 'isPastDeadline', actions: 'notifyExpired' },
      },
    },
    // docs/product.md §9: at most 2 extensions; a second expiry is final.
    prorroga2_vencida: { type: 'final' },
    prorroga2_completada: { type: 'final' },
  },
});
