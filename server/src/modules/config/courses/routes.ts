import { Hono } from 'hono';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { courseCommands, type CourseCommandType } from '#domain/courses';
import { CONFIG_COURSES } from '#domain/permissions';
import {
  ASSIGNMENT_SORTS,
  assignCourseSchema,
  assignmentListQuery,
  courseListQuery,
  courseSchema,
} from '#domain/schemas/courses';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireStaff, requireVerbParam } from '../../../auth/guard.ts';
import { pageQuerySchema, sortedPageQuery } from '../../../lib/paging.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { createCourse, deleteCourse, getCourse, listCourses, updateCourse } from './catalogue.ts';
import { assignableUsers, assignCourse, getAssignment, listAssignments, myCourses } from './assignments.ts';
import { courseCommand } from './commands.ts';

const assignmentQuery = sortedPageQuery(ASSIGNMENT_SORTS).extend(assignmentListQuery.shape);
const catalogueQuery = pageQuerySchema.extend(courseListQuery.shape);

/** docs/product.md §2 config cursos: the catalogue, the assignments and their extensions. */
export const courseRoutes = new Hono<AppEnv>()
  .use(requirePermission(CONFIG_COURSES))
  .get('/', async (c) => c.json(await listCourses(c.var.deps, currentUser(c), queryOf(c, catalogueQuery))))
  .post('/', async (c) => {
    const course = await createCourse(c.var.deps, currentUser(c), await jsonBody(c, courseSchema));
    return c.json({ data: course }, 201);
  })
  .get('/usuarios', async (c) => c.json({ data: await assignableUsers(c.var.deps, currentUser(c)) }))
  .get('/asignaciones', async (c) =>
    c.json(await listAssignments(c.var.deps, currentUser(c), queryOf(c, assignmentQuery))),
  )
  .post('/asignaciones', async (c) => {
    const rows = await assignCourse(c.var.deps, currentUser(c), await jsonBody(c, assignCourseSchema));
    return c.json({ data: rows }, 201);
  })
  .get('/asignaciones/:assignmentId', async (c) =>
    c.json({ data: await getAssignment(c.var.deps, currentUser(c), idParam(c.req.param('assignmentId'))) }),
  )
  .post(
    `/asignaciones/:assignmentId/:action{${verbPattern(courseCommands)}}`,
    requireVerbParam(courseCommands),
    async (c) => {
      const user = currentUser(c);
      const id = idParam(c.req.param('assignmentId'));
      await jsonBody(c, courseCommands['course.extend'].body);
      const [type] = eventsOfVerb(courseCommands, c.req.param('action')) as CourseCommandType[];
      await courseCommand(c.var.deps, { kind: 'admin', user }, user.companyId, id, type, c.var.t);
      return c.json({ data: await getAssignment(c.var.deps, user, id) });
    },
  )
  .get('/:courseId', async (c) =>
    c.json({ data: await getCourse(c.var.deps, currentUser(c), idParam(c.req.param('courseId'))) }),
  )
  .put('/:courseId', async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('courseId'));
    return c.json({ data: await updateCourse(c.var.deps, user, id, await jsonBody(c, courseSchema)) });
  })
  .delete('/:courseId', async (c) => {
    await deleteCourse(c.var.deps, currentUser(c), idParam(c.req.param('courseId')));
    return c.json({ data: null });
  });

/** docs/product.md §1 courses: the signed-in user's own courses, which they complete themselves. */
export const myCourseRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .get('/', async (c) => c.json({ data: await myCourses(c.var.deps, currentUser(c)) }))
  .get('/:assignmentId', async (c) =>
    c.json({ data: await getAssignment(c.var.deps, currentUser(c), idParam(c.req.param('assignmentId')), true) }),
  )
  .post('/:assignmentId/completar', async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('assignmentId'));
    await jsonBody(c, courseCommands['course.complete'].body);
    await courseCommand(c.var.deps, { kind: 'self', user }, user.companyId, id, 'course.complete', c.var.t);
    return c.json({ data: await getAssignment(c.var.deps, user, id, true) });
  });
