import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { dataOf, pageOf } from '#domain/responses';
import { assignmentRowSchema, courseRowSchema } from '#domain/courses-responses';
import { workerRowSchema } from '#domain/workers-responses';
import { auditRowSchema } from '#domain/audit-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { users } from '../../server/src/db/schema/index.ts';

/**
 * The response schemas of config trabajadores, cursos, mis-cursos and auditoria (domain/*-responses.ts) against the
 * real answers: each must parse to itself, so the server cannot add, drop or retype a field the client reads.
 */
let ctx: TestContext;
let admin: string;
let inspector: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, inspector] = await Promise.all([ctx.login('admin'), ctx.login('inspector')]);
  const [{ id }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'inspector'));
  const course = await ctx.request('POST', 'configuracion/cursos', {
    cookie: admin,
    body: { name: 'Inducción', material_url: 'https://cursos.cl/induccion' },
  });
  await ctx.request('POST', 'configuracion/cursos/asignaciones', {
    cookie: admin,
    body: { course_id: course.json.data.id, user_ids: [id] },
  });
  await ctx.request('POST', 'configuracion/trabajadores', {
    cookie: admin,
    body: { first_name: 'Luis', last_name: 'Mora', contract_type: 'por_obra', start_date: '2030-01-07', user_id: id },
  });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function parses(path: string, schema: z.ZodType, cookie = admin) {
  const res = await ctx.request('GET', path, { cookie });
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  expect(schema.parse(res.json)).toEqual(res.json);
  return res.json;
}

describe('config response schemas against the real answers', () => {
  it('workers, courses, assignments, my courses and the audit log', async () => {
    const workers = await parses('configuracion/trabajadores', pageOf(workerRowSchema));
    await parses(`configuracion/trabajadores/${workers.data[0].id}`, dataOf(workerRowSchema));
    const courses = await parses('configuracion/cursos', pageOf(courseRowSchema));
    await parses(`configuracion/cursos/${courses.data[0].id}`, dataOf(courseRowSchema));
    const assignments = await parses('configuracion/cursos/asignaciones', pageOf(assignmentRowSchema));
    await parses(`configuracion/cursos/asignaciones/${assignments.data[0].id}`, dataOf(assignmentRowSchema));
    const mine = await parses('configuracion/mis-cursos', dataOf(assignmentRowSchema.array()), inspector);
    expect(mine.data).toHaveLength(1);
    const audit = await parses('configuracion/auditoria', pageOf(auditRowSchema));
    expect(audit.data.map((r: { entity: string }) => r.entity).sort()).toEqual([
      'course',
      'course_assignment',
      'worker',
    ]);
  });
});
