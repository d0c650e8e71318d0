import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cmIssueRowSchema, cmPlanSchema } from '#domain/cmanagement-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cmIssues, outbox, unitTypePlans, unitTypes, users } from '../../../db/schema/index.ts';
import { insertCmTicket, staffInProjects } from '../tasks/test-records.ts';
import { uploadImage } from '../tickets/test-setup.ts';

/** docs/api.md Cmanagement issues and plans, through the real routes (tickets written straight to the tables). */
let ctx: TestContext;
let admin: string;
let reader: string;
let ticket: Awaited<ReturnType<typeof insertCmTicket>>;
let planId: number;
let foreignPlanId: number;
let gerente: number;

async function planOf(companyId: number, projectId: number, name: string) {
  const [type] = await ctx.db.select().from(unitTypes).where(eq(unitTypes.companyId, companyId)).limit(1);
  const [plan] = await ctx.db
    .insert(unitTypePlans)
    .values({
      companyId,
      projectId,
      unitTypeId: type.id,
      path: `companies/${companyId}/${name}.pdf`,
      name,
      size: 10,
      mime: 'application/pdf',
    })
    .returning();
  return plan.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  reader = await staffInProjects(ctx, 'cmsololectura', ['cmanagement-access'], [ctx.seed.projectIds[0]]);
  ticket = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0] });
  planId = await planOf(ctx.seed.companyId, ctx.seed.projectIds[0], 'planta-tipo');
  foreignPlanId = await planOf(ctx.seed.companyId, ctx.seed.projectIds[1], 'otro-proyecto');
  gerente = (
    await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.username, 'gerente'), eq(users.companyId, ctx.seed.companyId)))
  )[0].id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  ctx.request(method, `cmanagement/${path}`, { cookie, body });
const fieldsOf = (res: { json: any }) => Object.keys(res.json.fields ?? {}).sort();
const base = () => `tickets/${ticket.id}/issues`;
const eventsOf = async (type: string, issueId: number) =>
  (await ctx.db.select().from(outbox).where(eq(outbox.type, type))).filter(
    (e) => (e.payload as { data: { issue_id?: number } }).data.issue_id === issueId,
  );

describe('issues', () => {
  it('lists the plans of the ticket’s project only', async () => {
    const res = await send('GET', `tickets/${ticket.id}/planos`);
    expect(res.status).toBe(200);
    const plans = res.json.data.map((p: unknown) => cmPlanSchema.parse(p));
    expect(plans.map((p: { id: number }) => p.id)).toEqual([planId]);
  });

  it('creates issues numbered within the ticket, with a pin, a photo and an assignee', async () => {
    const photo = await uploadImage(ctx, admin);
    const first = await send('POST', base(), {
      title: 'Fisura en muro',
      assignee_id: gerente,
      due_date: '2030-02-01',
      pin: { plan_id: planId, x: 0.25, y: 0.5 },
      photos: [photo],
    });
    expect(first.status).toBe(201);
    const row = cmIssueRowSchema.parse(first.json.data);
    expect(row).toMatchObject({ number: 1, state: 'abierta', pin: { plan_id: planId, page: 1, x: 0.25, y: 0.5 } });
    expect(row.assignee?.id).toBe(gerente);
    expect(row.photos.map((p) => p.path)).toEqual([photo.path]);
    expect(row.allowed_events).toEqual(expect.arrayContaining(['cmIssue.start', 'cmIssue.resolve']));
    const second = cmIssueRowSchema.parse((await send('POST', base(), { title: 'Falta sello' })).json.data);
    expect(second.number).toBe(2);
    expect(await eventsOf('cm_issue.created', row.id)).toHaveLength(1);
    const list = (await send('GET', `${base()}?state=abierta`)).json.data;
    expect(list.map((i: { number: number }) => i.number)).toEqual([1, 2]);
  });

  it('refuses a plan of another project, an unknown assignee and an empty title, per field', async () => {
    const foreignPin = await send('POST', base(), { title: 'x', pin: { plan_id: foreignPlanId, x: 0.1, y: 0.1 } });
    expect(fieldsOf(foreignPin)).toEqual(['pin.plan_id']);
    const offPlan = await send('POST', base(), { title: 'x', pin: { plan_id: planId, x: 1.5, y: 0.1 } });
    expect(fieldsOf(offPlan)).toEqual(['pin.x']);
    expect(fieldsOf(await send('POST', base(), { title: 'x', assignee_id: 999_999 }))).toEqual(['assignee_id']);
    expect(fieldsOf(await send('POST', base(), { title: ' ' }))).toEqual(['title']);
  });

  it('edits an issue, removes its pin and moves it through the machine’s verbs', async () => {
    const issue = cmIssueRowSchema.parse(
      (await send('POST', base(), { title: 'Puerta', pin: { plan_id: planId, x: 0.4, y: 0.4 } })).json.data,
    );
    const edited = await send('PATCH', `${base()}/${issue.id}`, { title: 'Puerta descuadrada', pin: null });
    expect(edited.status).toBe(200);
    expect(cmIssueRowSchema.parse(edited.json.data)).toMatchObject({ title: 'Puerta descuadrada', pin: null });
    expect(await eventsOf('cm_issue.updated', issue.id)).toHaveLength(1);

    const started = await send('POST', `${base()}/${issue.id}/iniciar`, {});
    expect(started.json.data.state).toBe('en_curso');
    const refused = await send('POST', `${base()}/${issue.id}/cerrar`, {});
    expect(refused.status).toBe(409);
    expect((await send('POST', `${base()}/${issue.id}/resolver`, {})).json.data.state).toBe('resuelta');
    expect((await send('POST', `${base()}/${issue.id}/cerrar`, {})).json.data.state).toBe('cerrada');
    const changes = await eventsOf('cm_issue.state_changed', issue.id);
    expect(changes).toHaveLength(3);
    expect((changes[0].payload as { data: { ticket_id: number } }).data.ticket_id).toBe(ticket.id);
  });
});

describe('isolation and permissions', () => {
  it('another company’s ticket or issue, or an issue of another ticket in the path, is a 404', async () => {
    const foreign = await insertCmTicket(ctx, {
      companyId: ctx.seed.otherCompanyId,
      projectId: ctx.seed.otherProjectIds[0],
    });
    const [foreignIssue] = await ctx.db
      .insert(cmIssues)
      .values({ companyId: ctx.seed.otherCompanyId, ticketId: foreign.id, number: 1, title: 'Ajena' })
      .returning();
    expect((await send('GET', `tickets/${foreign.id}/issues`)).status).toBe(404);
    expect((await send('GET', `tickets/${foreign.id}/planos`)).status).toBe(404);
    expect((await send('POST', `tickets/${foreign.id}/issues`, { title: 'x' })).status).toBe(404);
    expect((await send('GET', `tickets/${foreign.id}/issues/${foreignIssue.id}`)).status).toBe(404);
    expect((await send('PATCH', `${base()}/${foreignIssue.id}`, { title: 'x' })).status).toBe(404);

    const other = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0] });
    const mine = (await send('POST', base(), { title: 'Mía' })).json.data;
    expect((await send('GET', `tickets/${other.id}/issues/${mine.id}`)).status).toBe(404);
    expect((await send('POST', `tickets/${other.id}/issues/${mine.id}/iniciar`, {})).status).toBe(404);
  });

  it('reading needs the module; writing needs cmanagement_gestionar', async () => {
    const issue = (await send('POST', base(), { title: 'Lectura' })).json.data;
    expect((await send('GET', `${base()}/${issue.id}`, undefined, reader)).status).toBe(200);
    const rows = (await send('GET', base(), undefined, reader)).json.data;
    expect(rows.find((r: { id: number }) => r.id === issue.id).allowed_events).toEqual([]);
    expect((await send('POST', base(), { title: 'x' }, reader)).status).toBe(403);
    expect((await send('PATCH', `${base()}/${issue.id}`, { title: 'x' }, reader)).status).toBe(403);
    expect((await send('POST', `${base()}/${issue.id}/iniciar`, {}, reader)).status).toBe(403);
  });
});
