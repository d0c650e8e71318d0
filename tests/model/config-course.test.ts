import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseMachine, type CourseEvent } from '#machines/course';
import { courseCommands } from '#domain/courses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { courseAssignments, users } from '../../server/src/db/schema/index.ts';
import { expireOverdueCourses } from '../../server/src/modules/config/courses/watch.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md §4 course: every generated path of the course machine, driven through the real API. The assignee
 * completes from mis-cursos, the administrator extends from config cursos, and expiry is the server's own sweep
 * once the deadline has passed (the deadline is moved into the past in the table, as time would).
 */
const samples: CourseEvent[] = [
  { type: 'course.complete', now: '2030-01-20T10:00:00.000Z' },
  { type: 'course.expire', now: '2031-01-01T00:00:00.000Z' },
  { type: 'course.extend', now: '2030-01-26T00:00:00.000Z', expiresAt: '2030-04-01T00:00:00.000Z' },
];
// Which deadline runs does not change the graph, only the state.
const paths = apiPaths(courseMachine, samples, () => null, { expiresAt: '2030-01-25T23:59:59.000Z' });
const coverage = apiCoverage(courseMachine, courseCommands);

const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let admin: string;
let inspector: string;
let inspectorId: number;
let n = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, inspector] = await Promise.all([ctx.login('admin'), ctx.login('inspector')]);
  [{ id: inspectorId }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'inspector'));
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

async function send(id: number, event: CourseEvent) {
  switch (event.type) {
    case 'course.complete':
      return (await ctx.request('POST', `configuracion/mis-cursos/${id}/completar`, { cookie: inspector, body: {} }))
        .status;
    case 'course.extend':
      return (
        await ctx.request('POST', `configuracion/cursos/asignaciones/${id}/prorrogar`, { cookie: admin, body: {} })
      ).status;
    case 'course.expire': {
      await ctx.db
        .update(courseAssignments)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(courseAssignments.id, id));
      return (await expireOverdueCourses(ctx.deps)) === 1 ? 200 : 409;
    }
  }
}

describe('course machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    n += 1;
    const course = await ctx.request('POST', 'configuracion/cursos', { cookie: admin, body: { name: `Curso ${n}` } });
    const assigned = await ctx.request('POST', 'configuracion/cursos/asignaciones', {
      cookie: admin,
      body: { course_id: course.json.data.id, user_ids: [inspectorId] },
    });
    const id = assigned.json.data[0].id as number;
    for (const step of path.steps) {
      expect(await send(id, step.event as CourseEvent), step.event.type).toBe(200);
      const [row] = await ctx.db.select().from(courseAssignments).where(eq(courseAssignments.id, id));
      expect(row.state).toBe(step.after.value);
      coverage.step(step);
    }
  });

  it('walked every transition of the course machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
