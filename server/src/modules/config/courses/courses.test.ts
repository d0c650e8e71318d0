import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { courseDeadline } from '#domain/courses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog, courseAssignments, outbox, tasks, users } from '../../../db/schema/index.ts';
import { foreignUserId, signIn, userId } from '../test/fixtures.ts';
import { assignCourse } from './assignments.ts';
import { expireOverdueCourses, remindExpiringCourses } from './watch.ts';
import type { SessionUser } from '../../../http/context.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signIn>>;
let courseId: number;
let inspectorId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  cookies = await signIn(ctx);
  inspectorId = await userId(ctx, 'inspector');
  const res = await ctx.request('POST', 'configuracion/cursos', {
    cookie: cookies.admin,
    body: { name: 'Seguridad en altura', description: 'Uso de arnés', material_url: 'https://cursos.cl/altura' },
  });
  courseId = res.json.data.id;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const assign = (body: unknown, cookie = cookies.admin) =>
  ctx.request('POST', 'configuracion/cursos/asignaciones', { cookie, body });

describe('config cursos: the catalogue (docs/product.md §1 courses)', () => {
  it('creates, lists, edits and audits a course', async () => {
    const list = await ctx.request('GET', 'configuracion/cursos?search=altura', { cookie: cookies.admin });
    expect(list.json.data).toEqual([
      expect.objectContaining({ id: courseId, name: 'Seguridad en altura', material_url: 'https://cursos.cl/altura' }),
    ]);
    const put = await ctx.request('PUT', `configuracion/cursos/${courseId}`, {
      cookie: cookies.admin,
      body: {
        name: 'Seguridad en altura',
        description: 'Arnés y línea de vida',
        material_url: 'https://cursos.cl/altura',
      },
    });
    expect(put.json.data.description).toBe('Arnés y línea de vida');
    const lines = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'course'), eq(auditLog.entityId, courseId)));
    expect(lines.map((l) => l.action)).toEqual(['created', 'updated']);
    expect(lines[1].before).toMatchObject({ description: 'Uso de arnés' });
    expect(lines[1].after).toMatchObject({ description: 'Arnés y línea de vida' });
  });

  it('answers 422 per field, 403 without config_cursos and 404 for another company', async () => {
    const bad = await ctx.request('POST', 'configuracion/cursos', {
      cookie: cookies.admin,
      body: { name: '  ', material_url: 'no es url' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toMatchObject({
      name: 'Este campo es obligatorio',
      material_url: 'Ingrese una URL válida',
    });
    expect((await ctx.request('GET', 'configuracion/cursos', { cookie: cookies.revisor })).status).toBe(403);
    expect((await ctx.request('GET', `configuracion/cursos/${courseId}`, { cookie: cookies.otra })).status).toBe(404);
    const foreign = await ctx.request('PUT', `configuracion/cursos/${courseId}`, {
      cookie: cookies.otra,
      body: { name: 'Robado' },
    });
    expect(foreign.status).toBe(404);
  });

  it('keeps a course that has assignments (409) and deletes one that has none', async () => {
    const spare = await ctx.request('POST', 'configuracion/cursos', {
      cookie: cookies.admin,
      body: { name: 'Sin uso' },
    });
    expect(
      (await ctx.request('DELETE', `configuracion/cursos/${spare.json.data.id}`, { cookie: cookies.admin })).status,
    ).toBe(200);
    const used = await ctx.request('POST', 'configuracion/cursos', { cookie: cookies.admin, body: { name: 'Usado' } });
    await assign({ course_id: used.json.data.id, user_ids: [await userId(ctx, 'gerente')] });
    expect(
      (await ctx.request('DELETE', `configuracion/cursos/${used.json.data.id}`, { cookie: cookies.admin })).status,
    ).toBe(409);
  });
});

describe('assigning a course (docs/product.md §1, §5, §9)', () => {
  it('gives 15 working days on the company calendar, a home task and a notification', async () => {
    const res = await assign({ course_id: courseId, user_ids: [inspectorId] });
    expect(res.status).toBe(201);
    const [row] = res.json.data;
    expect(row).toMatchObject({
      state: 'en_curso',
      status: { course: 'en_curso', extension1: null, extension2: null },
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    expect(row.expiry_date).toBe(courseDeadline(today, 'CL'));
    expect(row.allowed_events).toEqual(['course.complete']);
    const home = await ctx.request('GET', 'home/tareas', { cookie: cookies.inspector });
    const all = [...home.json.data.next_7_days, ...home.json.data.later];
    expect(all).toContainEqual(
      expect.objectContaining({ title: 'Seguridad en altura', kind: 'cursos', link: '/config/mis-cursos' }),
    );
    const event = (await ctx.db.select().from(outbox).where(eq(outbox.type, 'course.assigned'))).find(
      (e) => (e.payload as { entity: { id: number } }).entity.id === row.id,
    )!;
    expect(event.topic).toBe(`qa/${ctx.seed.companyId}/users/${inspectorId}`);
    expect((event.payload as { notify: number[] }).notify).toEqual([inspectorId]);
    const [line] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'course_assignment'), eq(auditLog.entityId, row.id)));
    expect(line).toMatchObject({ action: 'assigned', after: expect.objectContaining({ user_id: inspectorId }) });
  });

  it('counts the deadline past national holidays (18 and 19 September in Chile)', async () => {
    const admin = { id: await userId(ctx, 'admin'), companyId: ctx.seed.companyId } as SessionUser;
    const other = await ctx.request('POST', 'configuracion/cursos', {
      cookie: cookies.admin,
      body: { name: 'Fiestas' },
    });
    // Monday 16 September 2030, noon in Santiago: 15 working days skip 18 and 19 September and the Friday 20 bridge
    // (Ley 20.215) → Thursday 10 October; Brazil's calendar here counts weekdays only → Monday 7 October.
    const [row] = await assignCourse(
      ctx.deps,
      admin,
      { course_id: other.json.data.id, user_ids: [inspectorId] },
      new Date('2030-09-16T15:00:00Z'),
    );
    expect(row.expiry_date).toBe('2030-10-10');
    expect(courseDeadline('2030-09-16', 'BR')).toBe('2030-10-07');
  });

  it('refuses users without e-mail, users already assigned, and foreign ids', async () => {
    const gerente = await userId(ctx, 'ejecutivo');
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, gerente));
    const noEmail = await assign({ course_id: courseId, user_ids: [gerente] });
    expect(noEmail.status).toBe(422);
    expect(noEmail.json.fields.user_ids).toMatch(/^Sin correo electrónico no se puede asignar un curso: /);
    const twice = await assign({ course_id: courseId, user_ids: [inspectorId] });
    expect(twice.status).toBe(422);
    expect(twice.json.fields.user_ids).toMatch(/^Ya tiene este curso asignado/);
    expect((await assign({ course_id: courseId, user_ids: [await foreignUserId(ctx)] })).status).toBe(404);
    expect((await assign({ course_id: courseId, user_ids: [inspectorId] }, cookies.otra)).status).toBe(404);
    expect((await assign({ course_id: courseId, user_ids: [inspectorId] }, cookies.revisor)).status).toBe(403);
    const empty = await assign({ course_id: 'x', user_ids: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.fields).sort()).toEqual(['course_id', 'user_ids']);
  });
});

describe('my courses, expiry and extensions (docs/product.md §4 course machine)', () => {
  const mine = async (cookie: string) => (await ctx.request('GET', 'configuracion/mis-cursos', { cookie })).json.data;
  const idOf = async (course: number, user: number) => {
    const [a] = await ctx.db
      .select()
      .from(courseAssignments)
      .where(and(eq(courseAssignments.courseId, course), eq(courseAssignments.userId, user)));
    return a;
  };

  it('lets the assignee complete their course; nobody else can', async () => {
    const [row] = (await mine(cookies.inspector)).filter((r: { course: { id: number } }) => r.course.id === courseId);
    expect(
      (await ctx.request('POST', `configuracion/mis-cursos/${row.id}/completar`, { cookie: cookies.revisor, body: {} }))
        .status,
    ).toBe(404);
    const done = await ctx.request('POST', `configuracion/mis-cursos/${row.id}/completar`, {
      cookie: cookies.inspector,
      body: {},
    });
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ state: 'completado', allowed_events: [] });
    const [task] = await ctx.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, (await idOf(courseId, inspectorId)).taskId!));
    expect(task.doneAt).not.toBeNull();
    const again = await ctx.request('POST', `configuracion/mis-cursos/${row.id}/completar`, {
      cookie: cookies.inspector,
      body: {},
    });
    expect(again.status).toBe(409);
  });

  it('expires an overdue course once, even with two sweeps at the same time, then extends it twice at most', async () => {
    const course = await ctx.request('POST', 'configuracion/cursos', {
      cookie: cookies.admin,
      body: { name: 'Primeros auxilios' },
    });
    const supervisor = await userId(ctx, 'supervisor');
    const [row] = (await assign({ course_id: course.json.data.id, user_ids: [supervisor] })).json.data;
    await ctx.db
      .update(courseAssignments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(courseAssignments.id, row.id));
    const [a, b] = await Promise.all([expireOverdueCourses(ctx.deps), expireOverdueCourses(ctx.deps)]);
    expect(a + b).toBe(1);
    expect(await expireOverdueCourses(ctx.deps)).toBe(0);
    expect((await idOf(course.json.data.id, supervisor)).state).toBe('vencido');
    const expired = await ctx.db.select().from(outbox).where(eq(outbox.type, 'course.expired'));
    expect(expired).toHaveLength(1);

    const path = `configuracion/cursos/asignaciones/${row.id}`;
    expect((await ctx.request('POST', `${path}/prorrogar`, { cookie: cookies.revisor, body: {} })).status).toBe(403);
    expect((await ctx.request('POST', `${path}/prorrogar`, { cookie: cookies.otra, body: {} })).status).toBe(404);
    const ext1 = await ctx.request('POST', `${path}/prorrogar`, { cookie: cookies.admin, body: {} });
    expect(ext1.json.data).toMatchObject({
      state: 'prorroga1_en_curso',
      status: { course: 'vencido', extension1: 'en_curso' },
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    expect(ext1.json.data.extension1_date).toBe(courseDeadline(today, 'CL'));
    expect((await ctx.request('POST', `${path}/prorrogar`, { cookie: cookies.admin, body: {} })).status).toBe(409);

    await ctx.db
      .update(courseAssignments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(courseAssignments.id, row.id));
    expect(await expireOverdueCourses(ctx.deps)).toBe(1);
    const ext2 = await ctx.request('POST', `${path}/prorrogar`, { cookie: cookies.admin, body: {} });
    expect(ext2.json.data.state).toBe('prorroga2_en_curso');
    await ctx.db
      .update(courseAssignments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(courseAssignments.id, row.id));
    expect(await expireOverdueCourses(ctx.deps)).toBe(1);
    const third = await ctx.request('POST', `${path}/prorrogar`, { cookie: cookies.admin, body: {} });
    expect(third.status).toBe(409);
    const list = await ctx.request('GET', `configuracion/cursos/asignaciones?course_id=${course.json.data.id}`, {
      cookie: cookies.admin,
    });
    expect(list.json.data[0].status).toEqual({ course: 'vencido', extension1: 'vencida', extension2: 'vencida' });
    const audit = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'course_assignment'), eq(auditLog.entityId, row.id)));
    expect(audit.map((l) => l.action)).toEqual(['assigned', 'extended', 'extended']);
  });

  it('reminds the assignee once per deadline when it is two working days away', async () => {
    const course = await ctx.request('POST', 'configuracion/cursos', {
      cookie: cookies.admin,
      body: { name: 'Recordatorio' },
    });
    const agente = await userId(ctx, 'agente');
    const [row] = (await assign({ course_id: course.json.data.id, user_ids: [agente] })).json.data;
    // The deadline is 15 working days away: no reminder yet; 2 working days before it, one.
    expect(await remindExpiringCourses(ctx.deps)).toBe(0);
    const dueAt = new Date(`${row.expiry_date}T12:00:00Z`);
    const nearly = new Date(dueAt.getTime() - 86_400_000);
    // Every assignment made today is due the same day: each is reminded once, however many sweeps run.
    const [first, second] = await Promise.all([
      remindExpiringCourses(ctx.deps, nearly),
      remindExpiringCourses(ctx.deps, nearly),
    ]);
    expect(first + second).toBeGreaterThan(0);
    expect(await remindExpiringCourses(ctx.deps, nearly)).toBe(0);
    const events = (await ctx.db.select().from(outbox).where(eq(outbox.type, 'course.expiring'))).filter(
      (e) => (e.payload as { entity: { id: number } }).entity.id === row.id,
    );
    expect(events.map((e) => (e.payload as { notify: number[] }).notify)).toEqual([[agente]]);
    expect(events).toHaveLength(1);
    const total = await ctx.db.select().from(outbox).where(eq(outbox.type, 'course.expiring'));
    expect(total).toHaveLength(first + second);
  });

  it('lists assignments with filters and refuses a bad filter with 422', async () => {
    const list = await ctx.request('GET', `configuracion/cursos/asignaciones?user_id=${inspectorId}&state=completado`, {
      cookie: cookies.admin,
    });
    expect(list.json.data.map((r: { user: { id: number } }) => r.user.id)).toEqual([inspectorId]);
    const bad = await ctx.request('GET', 'configuracion/cursos/asignaciones?state=nada&from=2030-02-31', {
      cookie: cookies.admin,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['from', 'state']);
    const users = await ctx.request('GET', 'configuracion/cursos/usuarios', { cookie: cookies.admin });
    expect(users.json.data.find((u: { username: string }) => u.username === 'ejecutivo').has_email).toBe(false);
  });
});
