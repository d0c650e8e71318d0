import { z } from 'zod';
import { COURSE_STATES } from '../courses.ts';
import { id, idList, isoDate, optionalText, requiredText, url } from './common.ts';

/**
 * Request schemas of config cursos (docs/product.md §1 courses): the catalogue and the assignments. The same
 * schemas resolve the client's forms.
 */
export const COURSE_NAME_MAX = 120;
export const COURSE_DESCRIPTION_MAX = 2000;

/** A course of the catalogue: its material is an uploaded file (files module path) and/or a link. */
export const courseSchema = z.object({
  name: requiredText({ max: COURSE_NAME_MAX, noDoubleSpaces: true }),
  description: optionalText({ max: COURSE_DESCRIPTION_MAX }),
  material_url: url({ required: false }),
  material_path: z.string().trim().min(1).max(500).nullish(),
  is_active: z.boolean().default(true),
});
export type CourseInput = z.infer<typeof courseSchema>;

export const courseListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
});

/** Assigning one course to users (docs/product.md §5: each must have an e-mail). */
export const assignCourseSchema = z.object({
  course_id: id(),
  user_ids: idList({ required: true }),
});
export type AssignCourseInput = z.infer<typeof assignCourseSchema>;

export const ASSIGNMENT_SORTS = ['assigned_at', 'expires_on', 'state', 'user', 'course'] as const;

export const assignmentListQuery = z.object({
  course_id: id().optional(),
  user_id: id().optional(),
  state: z.enum(COURSE_STATES).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
});
