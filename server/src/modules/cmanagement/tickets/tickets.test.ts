import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cmCommentRowSchema, cmTicketDetailSchema, cmTicketPageSchema } from '#domain/cmanagement-responses';
import { formatCustomFilters } from '#domain/schemas/cmanagement';
import { savedViewSchema } from '#domain/saved-views-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cmIssues, cmTasks, outbox, users } from '../../../db/schema/index.ts';
import { insertCmTicket, staffInProjects } from '../tasks/test-records.ts';
import { categoryWithFields, uploadImage } from './test-setup.ts';

/** docs/api.md Cmanagement tickets, comments, people and views, through the real routes. */
let ctx: TestContext;
let admin: string;
let reader: string;
let firstOnly: string;
let ids: { admin: number; agente: number; gerente: number; supervisor: number };
let cat: Awaited<ReturnType<typeof categoryWithFields>>;
let project: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const staff = await ctx.db.select().from(users);
  const id = (u: string) => staff.find((s) => s.username === u)!.id;
  ids = { admin: id('admin'), agente: id('agente'), gerente: id('gerente'), supervisor: id('supervisor') };
  project = ctx.seed.projectIds[0];
  cat = await categoryWithFields(ctx, ctx.seed.companyId, 'Obra');
  reader = await staffInProjects(ctx, 'cmlector', ['cmanagement-access'], [project]);
  firstOnly = await staffInProjects(ctx, 'cmprimero', ['cmanagement-access', 'cmanagement_gestionar'], [project]);
}, 120_000);
afterAll(async () => ctx?.close());

const post = (path: string, body: unknown, cookie = admin) =>
  ctx.request('POST', `cmanagement/${path}`, { cookie, body });
const patch = (path: string, body: unknown, cookie = admin) =>
  ctx.request('PATCH', `cmanagement/${path}`, { cookie, body });
const get = (path: string, cookie = admin) => ctx.request('GET', `cmanagement/${path}`, { cookie });
const fieldsOf = (res: { json: any }) => Object.keys(res.json.fields ?? {}).sort();
const cv = (key: keyof typeof cat.fields) => `custom_values.${cat.fields[key]}`;
const eventsOf = async (type: string, ticketId: number) =>
  (await ctx.db.select().from(outbox).where(eq(outbox.type, type))).filter(
    (e) => (e.payload as { data: { ticket_id?: number } }).data.ticket_id === ticketId,
  );
const notified = (e: { payload: unknown }) => (e.payload as { notify?: number[] }).notify ?? [];

function body(values: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    project_id: project,
    category_id: cat.categoryId,
    title: 'Filtración en losa nivel 3',
    custom_values: { [cat.fields.text]: 'Eje B-4', ...values },
    ...extra,
  };
}
async function create(values: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const res = await post('tickets', body(values, extra));
  expect(res.status, res.text).toBe(201);
  return cmTicketDetailSchema.parse(res.json.data);
}

describe('creating a ticket (docs/product.md §3 Custom field)', () => {
  it('numbers it per company, keeps the answers, applies the task templates and tells the assignees', async () => {
    const ticket = await create(
      {
        [cat.fields.select]: 'acero',
        [cat.fields.multi]: ['hor', 'acero'],
        [cat.fields.checkbox]: true,
        [cat.fields.number]: 12.5,
        [cat.fields.date]: '2031-05-02',
        [cat.fields.user]: [ids.gerente],
      },
      { assignee_ids: [ids.gerente], watcher_ids: [ids.supervisor], start_date: '2031-05-01' },
    );
    expect(ticket.code).toMatch(/^CM-\d+$/);
    expect(ticket).toMatchObject({ state: 'abierto', priority: 'media', open_issues: 0, progress: 0 });
    expect(ticket.custom_values[cat.fields.multi]).toEqual(['hor', 'acero']);
    expect(ticket.assignees.map((a) => a.id)).toEqual([ids.gerente]);
    expect(ticket.watchers.map((a) => a.id)).toEqual([ids.supervisor]);
    expect(ticket.allowed_events).toEqual(['cmTicket.start', 'cmTicket.block', 'cmTicket.resolve', 'cmTicket.close']);
    const tasks = await ctx.db.select().from(cmTasks).where(eq(cmTasks.ticketId, ticket.id));
    expect(tasks.map((t) => [t.name, t.startDate, t.endDate])).toEqual([
      ['Inspección', '2031-05-01', '2031-05-05'],
      ['Informe', '2031-05-03', '2031-05-05'],
    ]);
    expect(await eventsOf('cm_ticket.created', ticket.id)).toHaveLength(1);
    const [assigned] = await eventsOf('cm_ticket.assigned', ticket.id);
    expect(notified(assigned)).toEqual([ids.gerente]);
    const next = await create();
    expect(Number(next.code.slice(3))).toBe(Number(ticket.code.slice(3)) + 1);
  });

  it('refuses each wrong answer on its own field', async () => {
    const res = await post(
      'tickets',
      body({
        [cat.fields.text]: '',
        [cat.fields.number]: 'doce',
        [cat.fields.select]: 'madera',
        [cat.fields.multi]: ['hor', 'plástico'],
        [cat.fields.checkbox]: 'sí',
        [cat.fields.date]: '2031-02-30',
        [cat.fields.inactive]: 'x',
        999999: 'x',
      }),
    );
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(
      [
        cv('text'),
        cv('number'),
        cv('select'),
        `${cv('multi')}.1`,
        cv('checkbox'),
        cv('date'),
        cv('inactive'),
        'custom_values.999999',
      ].sort(),
    );
  });

  it('asks for a required field left out, and for people and files the server knows', async () => {
    const missing = await post('tickets', { ...body(), custom_values: {} });
    expect(missing.status).toBe(422);
    expect(fieldsOf(missing)).toEqual([cv('text')]);
    const [other] = await ctx.db.select().from(users).where(eq(users.companyId, ctx.seed.otherCompanyId)).limit(1);
    const people = await post('tickets', body({ [cat.fields.user]: [other.id] }, { assignee_ids: [other.id] }));
    expect(people.status).toBe(422);
    expect(fieldsOf(people)).toEqual([cv('user')]);
    const assignee = await post('tickets', body({}, { assignee_ids: [other.id] }));
    expect(fieldsOf(assignee)).toEqual(['assignee_ids']);
    const file = await post('tickets', body({ [cat.fields.file]: 'companies/1/nada.pdf' }));
    expect(fieldsOf(file)).toEqual([cv('file')]);
  });

  it('takes uploads as attachments and file answers', async () => {
    const answer = await uploadImage(ctx, admin, 'plano.png');
    const attachment = await uploadImage(ctx, admin);
    const ticket = await create({ [cat.fields.file]: answer.path }, { attachments: [attachment] });
    expect(ticket.field_files.map((f) => f.path)).toEqual([answer.path]);
    expect(ticket.attachments.map((f) => f.path)).toEqual([attachment.path]);
  });

  it('refuses a disabled category, another company’s category and a project the caller does not see', async () => {
    const disabled = await categoryWithFields(ctx, ctx.seed.companyId, 'Cerrada', false);
    const res = await post('tickets', { ...body(), category_id: disabled.categoryId });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['category_id']);
    const foreign = await categoryWithFields(ctx, ctx.seed.otherCompanyId, 'Ajena');
    expect(fieldsOf(await post('tickets', { ...body(), category_id: foreign.categoryId }))).toEqual(['category_id']);
    expect((await post('tickets', body(), firstOnly)).status).toBe(201);
    expect((await post('tickets', { ...body(), project_id: ctx.seed.projectIds[1] }, firstOnly)).status).toBe(404);
  });
});

describe('the list (docs/api.md GET cmanagement/tickets)', () => {
  let a: number;
  let b: number;
  beforeAll(async () => {
    a = (await create({ [cat.fields.select]: 'hor', [cat.fields.checkbox]: true, [cat.fields.text]: 'Muro poniente' }))
      .id;
    b = (await create({ [cat.fields.multi]: ['acero'], [cat.fields.number]: 7, [cat.fields.user]: [ids.supervisor] }))
      .id;
    await post(`tickets/${b}/iniciar`, {});
  });
  const list = async (query: string) => {
    const res = await get(`tickets?rows=500&${query}`);
    expect(res.status, res.text).toBe(200);
    return cmTicketPageSchema.parse(res.json);
  };
  const idsOf = (page: { data: { id: number }[] }) => page.data.map((r) => r.id);
  const cf = (key: keyof typeof cat.fields, value: string) =>
    `cf=${encodeURIComponent(formatCustomFilters([{ fieldId: cat.fields[key], value }]))}`;

  it('filters by custom field values of each type', async () => {
    expect(idsOf(await list(cf('select', 'hor')))).toEqual([a]);
    expect(idsOf(await list(cf('checkbox', 'true')))).toContain(a);
    expect(idsOf(await list(cf('checkbox', 'true')))).not.toContain(b);
    expect(idsOf(await list(cf('text', 'poniente')))).toEqual([a]);
    expect(idsOf(await list(cf('multi', 'acero')))).toContain(b);
    expect(idsOf(await list(cf('multi', 'acero')))).not.toContain(a);
    expect(idsOf(await list(cf('number', '7')))).toEqual([b]);
    expect(idsOf(await list(cf('user', String(ids.supervisor))))).toEqual([b]);
    const both = formatCustomFilters([
      { fieldId: cat.fields.select, value: 'hor' },
      { fieldId: cat.fields.checkbox, value: 'true' },
    ]);
    expect(idsOf(await list(`cf=${encodeURIComponent(both)}`))).toEqual([a]);
  });

  it('refuses a filter on an unknown field or a value that cannot be one', async () => {
    expect((await get(`tickets?${cf('number', 'siete')}`)).status).toBe(422);
    expect((await get(`tickets?cf=${encodeURIComponent('999999:x')}`)).status).toBe(422);
    expect((await get(`tickets?${cf('file', 'x')}`)).status).toBe(422);
  });

  it('filters by state, priority, search and category, and pages', async () => {
    // Within the test's own category: the demo seed (server/src/db/seed-cmanagement-tickets.ts) has tickets too.
    const own = `category=${cat.categoryId}`;
    expect(idsOf(await list(`state=en_curso&${own}`))).toEqual([b]);
    expect(idsOf(await list(`state=abierto&${own}`))).toContain(a);
    expect(idsOf(await list(`priority=urgente&${own}`))).toEqual([]);
    const code = (await list('')).data.find((r) => r.id === a)!.code;
    expect(idsOf(await list(`search=${code}`))).toEqual([a]);
    const all = await list(`category=${cat.categoryId}&sort=code&desc=false`);
    const page2 = cmTicketPageSchema.parse(
      (await get(`tickets?category=${cat.categoryId}&sort=code&desc=false&rows=2&page=2`)).json,
    );
    expect(page2).toMatchObject({ current_page: 2, total: all.total, rowsPerPage: 2 });
    expect(idsOf(page2)).toEqual(idsOf(all).slice(2, 4));
  });

  it('exports the filtered rows as csv and xlsx, with the category’s fields as columns', async () => {
    const csv = await ctx.app.request(
      `http://localhost/api/v2/public/api/cmanagement/tickets/exportar?format=csv&category=${cat.categoryId}`,
      {
        headers: { Cookie: admin },
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('Muro poniente');
    expect(text).toContain('Obra select');
    expect(text).toContain('Hormigón');
    const xlsx = await ctx.app.request(`http://localhost/api/v2/public/api/cmanagement/tickets/exportar?format=xlsx`, {
      headers: { Cookie: admin },
    });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});

describe('isolation and permissions', () => {
  it('answers 404 for another company’s ticket and for a project the caller does not see', async () => {
    const foreign = await insertCmTicket(ctx, {
      companyId: ctx.seed.otherCompanyId,
      projectId: ctx.seed.otherProjectIds[0],
    });
    expect((await get(`tickets/${foreign.id}`)).status).toBe(404);
    expect((await patch(`tickets/${foreign.id}`, { title: 'x' })).status).toBe(404);
    const hidden = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[1] });
    expect((await get(`tickets/${hidden.id}`)).status).toBe(200);
    expect((await get(`tickets/${hidden.id}`, firstOnly)).status).toBe(404);
    expect((await post(`tickets/${hidden.id}/comentarios`, { body: 'hola' }, firstOnly)).status).toBe(404);
    expect((await get(`tickets?rows=500`, firstOnly)).json.data.map((r: { id: number }) => r.id)).not.toContain(
      hidden.id,
    );
    expect((await get(`personas?project_id=${ctx.seed.projectIds[1]}`, firstOnly)).status).toBe(404);
  });

  it('lets a reader see but not write (403)', async () => {
    const ticket = await create();
    expect((await get(`tickets/${ticket.id}`, reader)).status).toBe(200);
    const detail = cmTicketDetailSchema.parse((await get(`tickets/${ticket.id}`, reader)).json.data);
    expect(detail.allowed_events).toEqual([]);
    expect((await post('tickets', body(), reader)).status).toBe(403);
    expect((await patch(`tickets/${ticket.id}`, { title: 'Otro' }, reader)).status).toBe(403);
    expect((await post(`tickets/${ticket.id}/iniciar`, {}, reader)).status).toBe(403);
    expect((await post(`tickets/${ticket.id}/comentarios`, { body: 'hola' }, reader)).status).toBe(403);
  });
});

describe('editing and the lifecycle (machines/cm-ticket.ts)', () => {
  it('edits answers as a change and tells only the new assignees', async () => {
    const ticket = await create({ [cat.fields.number]: 3 }, { assignee_ids: [ids.gerente] });
    const res = await patch(`tickets/${ticket.id}`, {
      custom_values: { [cat.fields.number]: null, [cat.fields.select]: 'hor' },
      assignee_ids: [ids.gerente, ids.supervisor],
      priority: 'alta',
    });
    expect(res.status, res.text).toBe(200);
    const detail = cmTicketDetailSchema.parse(res.json.data);
    expect(detail.custom_values).toEqual({ [cat.fields.text]: 'Eje B-4', [cat.fields.select]: 'hor' });
    expect(detail.priority).toBe('alta');
    const assigned = await eventsOf('cm_ticket.assigned', ticket.id);
    expect(assigned.map(notified)).toEqual([[ids.gerente], [ids.supervisor]]);
    const cleared = await patch(`tickets/${ticket.id}`, { custom_values: { [cat.fields.text]: '' } });
    expect(fieldsOf(cleared)).toEqual([cv('text')]);
  });

  it('refuses resolving while an issue is open, and tells assignees and watchers of each change', async () => {
    const ticket = await create({}, { assignee_ids: [ids.gerente], watcher_ids: [ids.supervisor] });
    const [issue] = await ctx.db
      .insert(cmIssues)
      .values({ companyId: ctx.seed.companyId, ticketId: ticket.id, number: 1, title: 'Fisura' })
      .returning();
    const started = cmTicketDetailSchema.parse((await post(`tickets/${ticket.id}/iniciar`, {})).json.data);
    expect(started).toMatchObject({ state: 'en_curso', open_issues: 1, issue_count: 1 });
    expect(started.allowed_events).toEqual(['cmTicket.block']);
    const refused = await post(`tickets/${ticket.id}/resolver`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('resolver');
    expect(fieldsOf(await post(`tickets/${ticket.id}/bloquear`, { reason: ' ' }))).toEqual(['reason']);
    const blocked = cmTicketDetailSchema.parse(
      (await post(`tickets/${ticket.id}/bloquear`, { reason: 'Falta el hormigón' })).json.data,
    );
    expect(blocked).toMatchObject({ state: 'bloqueado', blocked_reason: 'Falta el hormigón' });
    const unblocked = cmTicketDetailSchema.parse((await post(`tickets/${ticket.id}/desbloquear`, {})).json.data);
    expect(unblocked.blocked_reason).toBeNull();
    await ctx.db
      .update(cmIssues)
      .set({ state: 'resuelta' })
      .where(and(eq(cmIssues.id, issue.id)));
    const resolved = await post(`tickets/${ticket.id}/resolver`, {});
    expect(resolved.status, resolved.text).toBe(200);
    expect(cmTicketDetailSchema.parse(resolved.json.data).state).toBe('resuelto');
    const changes = await eventsOf('cm_ticket.state_changed', ticket.id);
    expect(changes).toHaveLength(4);
    for (const e of changes) expect(notified(e).sort()).toEqual([ids.gerente, ids.supervisor].sort());
  });
});

describe('comments with mentions', () => {
  it('notifies the mentioned people who see the ticket, and no one else', async () => {
    const hidden = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[1] });
    const [outsider] = await ctx.db.select().from(users).where(eq(users.username, 'cmprimero'));
    const text = `Revisar con @[Gerente](${ids.gerente}), @[Agente](${ids.agente}) y @[Prueba](${outsider.id})`;
    const res = await post(`tickets/${hidden.id}/comentarios`, { body: text });
    expect(res.status, res.text).toBe(201);
    const comment = cmCommentRowSchema.parse(res.json.data);
    expect(comment.mentions).toEqual([ids.gerente]);
    const [mentioned] = await eventsOf('cm_ticket.mentioned', hidden.id);
    expect(notified(mentioned)).toEqual([ids.gerente]);
    expect((mentioned.payload as { data: { excerpt: string } }).data.excerpt).toBe(
      'Revisar con @Gerente, @Agente y @Prueba',
    );
    expect(await eventsOf('cm_ticket.commented', hidden.id)).toHaveLength(1);
    const listed = (await get(`tickets/${hidden.id}/comentarios`)).json.data;
    expect(listed.map((c: unknown) => cmCommentRowSchema.parse(c).body)).toEqual([text]);
  });
});

describe('people and saved views', () => {
  it('lists the staff who see a project', async () => {
    const res = await get(`personas?project_id=${project}`);
    expect(res.status).toBe(200);
    const people = res.json.data.map((p: { id: number }) => p.id);
    expect(people).toContain(ids.gerente);
    // Postventa's agent does not open Cmanagement: not someone to assign or mention.
    expect(people).not.toContain(ids.agente);
  });

  it('keeps views of the tickets list only', async () => {
    const made = await post('vistas', { list: 'cm_tickets', name: 'Urgentes', params: { priority: 'urgente' } });
    expect(made.status, made.text).toBe(201);
    const view = savedViewSchema.parse(made.json.data);
    expect((await get('vistas?list=cm_tickets')).json.data.map((v: { id: number }) => v.id)).toEqual([view.id]);
    expect((await get('vistas?list=solicitudes')).status).toBe(422);
    expect((await post('vistas', { list: 'solicitudes', name: 'Otra', params: {} })).status).toBe(422);
    const other = await ctx.request('POST', 'postventa/vistas', {
      cookie: admin,
      body: { list: 'solicitudes', name: 'Postventa', params: {} },
    });
    expect((await patch(`vistas/${other.json.data?.id ?? 0}`, { name: 'x' })).status).toBe(404);
    expect((await ctx.request('DELETE', `cmanagement/vistas/${view.id}`, { cookie: admin })).status).toBe(200);
  });
});
