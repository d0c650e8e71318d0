import { emptyBody, type CommandTable } from './commands.ts';
import { CONFIG_COURSES } from './permissions.ts';
import { COURSE_WORKING_DAYS } from './limits.ts';
import { addWorkingDays, type DateInput } from './working-days.ts';
import type { IsoDate } from './format.ts';

/**
 * Course assignments (docs/product.md §1, §4, §9): the contract the machine (machines/course.ts), the server
 * (server/src/modules/config/courses), the client (client/src/modules/config/cursos) and the tests read.
 * One flat state per (period, status) so the server stores one string.
 */
export const COURSE_STATES = [
  'en_curso',
  'vencido',
  'completado',
  'prorroga1_en_curso',
  'prorroga1_vencida',
  'prorroga1_completada',
  'prorroga2_en_curso',
  'prorroga2_vencida',
  'prorroga2_completada',
] as const;
export type CourseState = (typeof COURSE_STATES)[number];

/** A deadline runs: the assignee may complete it, the sweep expires it once it has passed. */
export const COURSE_RUNNING_STATES = [
  'en_curso',
  'prorroga1_en_curso',
  'prorroga2_en_curso',
] as const satisfies readonly CourseState[];
/** Expired with an extension still possible (docs/product.md §9: at most 2). */
export const COURSE_EXTENDABLE_STATES = ['vencido', 'prorroga1_vencida'] as const satisfies readonly CourseState[];
export const COURSE_COMPLETED_STATES = [
  'completado',
  'prorroga1_completada',
  'prorroga2_completada',
] as const satisfies readonly CourseState[];

/**
 * Course machine event → URL verb (POST configuracion/cursos/asignaciones/{id}/<verb>), permission, body.
 * The assignee completes their own course from mis-cursos (bySelf); an administrator may record it for
 * them. Expiry is sent by the server's sweep only (no route).
 */
export const courseCommands = {
  'course.complete': { verb: 'completar', permission: CONFIG_COURSES, body: emptyBody, bySelf: true },
  'course.extend': { verb: 'prorrogar', permission: CONFIG_COURSES, body: emptyBody },
  'course.expire': { permission: CONFIG_COURSES, body: emptyBody },
} as const satisfies CommandTable;
export type CourseCommandType = keyof typeof courseCommands;

/**
 * docs/product.md §9: a course, and each extension, lasts 15 working days from the day it starts, counted
 * on the company's country calendar (domain/working-days.ts). The day itself is not counted.
 */
export const courseDeadline = (start: DateInput, country: string | null | undefined): IsoDate =>
  addWorkingDays(start, COURSE_WORKING_DAYS, { country });

/** Working days before a deadline when the assignee is reminded (docs/product.md §1 courses). */
export const COURSE_REMINDER_WORKING_DAYS = 2;

/** The extension a state is in (0 for the original period). */
export function coursePeriod(state: CourseState): 0 | 1 | 2 {
  if (state.startsWith('prorroga2')) return 2;
  if (state.startsWith('prorroga1')) return 1;
  return 0;
}
