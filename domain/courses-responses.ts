import { z } from 'zod';
import { COURSE_STATES, courseCommands } from './courses.ts';
import { day, eventOf, instant } from './responses.ts';

/** A course of the catalogue (docs/product.md §1 courses: name, description, material file or link). */
export const courseRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  material_url: z.string().nullable(),
  material: z.object({ path: z.string(), url: z.string() }).nullable(),
  is_active: z.boolean(),
  assignments: z.object({ total: z.number(), completed: z.number() }),
  updated_at: instant,
});
export type CourseRow = z.infer<typeof courseRowSchema>;

const courseStatus = z.enum(['en_curso', 'vencido', 'completado']);
const extensionStatus = z.enum(['en_curso', 'vencida', 'completada']).nullable();

/** docs/product.md §3 Course assignment: created_at, expiry_date, completed_at, extension 1 and 2. */
export const assignmentRowSchema = z.object({
  id: z.number(),
  course: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    material_url: z.string().nullable(),
    material: z.object({ path: z.string(), url: z.string() }).nullable(),
  }),
  user: z.object({ id: z.number(), full_name: z.string(), username: z.string() }),
  state: z.enum(COURSE_STATES),
  status: z.object({ course: courseStatus, extension1: extensionStatus, extension2: extensionStatus }),
  created_at: instant,
  expiry_date: day,
  extension1_date: day.nullable(),
  extension2_date: day.nullable(),
  /** The deadline that runs now (the course's or the last extension's). */
  due_date: day,
  completed_at: instant.nullable(),
  allowed_events: z.array(eventOf(courseCommands)),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;
