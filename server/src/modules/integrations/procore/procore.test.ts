import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import {
  activityLog,
  failures,
  integrationJobs,
  integrations,
  outbox,
  procoreLinks,
  unitOwners,
  units,
  users,
} from '../../../db/schema/index.ts';
import { runDueJobs, syncConsumer } from '../sync/jobs.ts';
import { startFakeProcore } from './fake-procore.test-support.ts';
import { procoreSyncHandler } from './observation-sync.ts';
import { pollObservations } from './status-poll.ts';

let ctx: TestContext;
let ids: { unitId: number; ownerId: number; projectId: number; agente: number };
let admin: string;
let fake: Awaited<ReturnType<typeof startFakeProcore>>;
let failureTypeId: number;
let seenOutbox = 0;
const SECRET = 'secreto-de-prueba-1234';
const API = 'configuracion/integraciones/procore';

beforeAll(async () => {
  ctx = await createTestContext();
  const [unit] = await ctx.db
    .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId, projectId: units.projectId })
    .from(unitOwners)
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .where(eq(units.companyId, ctx.seed.companyId))
    .limit(1);
  const [agente] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'agente'));
  ids = { ...unit, agente: agente.id };
  admin = await ctx.login('admin');
  fake = await startFakeProcore();
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  ctx.deps.config.procore = { apiUrl: fake.url, loginUrl: fake.url };
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: admin })).json.data;
  failureTypeId = tree.areas[0].places[0].items[0].failures[0].id;
  const [last] = await ctx.db.select({ id: outbox.id }).from(outbox).orderBy(outbox.id).limit(1);
  seenOutbox = last?.id ?? 0;
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await ctx?.close();
});

/** Hands the events written since the last call to Procore's consumer, as the outbox flow would. */
async function consume() {
  const rows = await ctx.db.select().from(outbox).where(gt(outbox.id, seenOutbox)).orderBy(outbox.id);
  if (rows.length) seenOutbox = rows[rows.length - 1].id;
  await ctx.db.transaction((tx) => syncConsumer(procoreSyncHandler)(ctx.deps)(tx, rows));
}
async function newFailure() {
  const created = await ctx.request('POST', 'postventa/solicitudes', {
    cookie: admin,
    body: {
      unit_id: ids.unitId,
      applicant_owner_id: ids.ownerId,
      origin: 'CALL',
      responsible_id: ids.agente,
      priority: 'high',
      subject: 'Puerta de cocina',
      message: 'La puerta del mueble de cocina no cierra.',
    },
  });
  expect(created.status).toBe(201);
  const ticket = created.json.data;
  const res = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
    cookie: admin,
    body: { failure_type_id: failureTypeId, description: 'Puerta no cierra' },
  });
  expect(res.status).toBe(201);
  return { ticketId: ticket.id as number, failureId: res.json.data.id as number };
}
const observationCalls = () => fake.calls.filter((c) => c.path.startsWith('/rest/v1.0/observations'));
const linkOf = async (failureId: number) =>
  (await ctx.db.select().from(procoreLinks).where(eq(procoreLinks.failureId, failureId)))[0];
const mapProject = (procoreId: number | null, cookie = admin, projectId = ids.projectId) =>
  ctx.request('PUT', `${API}/proyectos`, {
    cookie,
    body: { links: [{ project_id: projectId, procore_project_id: procoreId }] },
  });

describe('Procore (docs/product.md §1 construction platform, §2 config/integraciones/procore)', () => {
  it('validates the settings per field in the caller language and seals the secret', async () => {
    const bad = await ctx.request('PUT', API, { cookie: admin, body: { company_id: 'abc', client_id: '' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['client_id', 'company_id']);
    const pt = await ctx.request('PUT', API, { cookie: admin, body: {}, headers: { 'accept-language': 'pt-BR' } });
    expect(pt.json.fields.client_id).toBe('Este campo é obrigatório');
    const ok = await ctx.request('PUT', API, {
      cookie: admin,
      body: { company_id: '5551234', client_id: 'client-abc', client_secret: SECRET },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ configured: true, secrets: { client_secret: { set: true, last4: '1234' } } });
    expect(ok.text).not.toContain(SECRET);
    const [row] = await ctx.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.companyId, ctx.seed.companyId), eq(integrations.kind, 'procore')));
    expect(row.secrets).not.toContain(SECRET);
    // Left out keeps the secret.
    const kept = await ctx.request('PUT', API, {
      cookie: admin,
      body: { company_id: '5551234', client_id: 'client-abc' },
    });
    expect(kept.json.data.secrets.client_secret.set).toBe(true);
  });

  it('tests the connection with one token reused, and lists the Procore projects', async () => {
    const first = await ctx.request('POST', `${API}/probar`, { cookie: admin, body: {} });
    expect(first.status).toBe(200);
    expect(first.json.data.projects).toEqual([
      { id: '111', name: 'Torre Norte (Procore)' },
      { id: '222', name: 'Torre Sur (Procore)' },
    ]);
    await ctx.request('POST', `${API}/probar`, { cookie: admin, body: {} });
    expect(fake.calls.filter((c) => c.path === '/oauth/token')).toHaveLength(1);
    const listing = fake.calls.find((c) => c.path === '/rest/v1.0/projects')!;
    expect(listing.query.get('company_id')).toBe('5551234');
    expect(listing.headers['procore-company-id']).toBe('5551234');
  });

  it('maps visible projects only; a foreign project is a 422 and another company never sees the mapping', async () => {
    expect((await mapProject(111)).status).toBe(200);
    const foreign = await mapProject(111, admin, ctx.seed.otherProjectIds[0]);
    expect(foreign.status).toBe(422);
    expect(foreign.json.fields['links.0.project_id']).toBeDefined();
    const mine = await ctx.request('GET', `${API}/proyectos`, { cookie: admin });
    expect(mine.json.data.find((p: { project_id: number }) => p.project_id === ids.projectId).procore_project_id).toBe(
      '111',
    );
    const other = await ctx.request('GET', `${API}/proyectos`, { cookie: await ctx.login('otra') });
    expect(other.json.data.every((p: { procore_project_id: string | null }) => p.procore_project_id === null)).toBe(
      true,
    );
    expect(other.json.data.some((p: { project_id: number }) => p.project_id === ids.projectId)).toBe(false);
  });

  it('sends nothing while the integration is not active', async () => {
    await newFailure();
    await consume();
    await runDueJobs(ctx.deps, procoreSyncHandler);
    expect(observationCalls()).toHaveLength(0);
  });

  it('creates an observation for a failure on a mapped project, none on an unmapped one', async () => {
    expect((await ctx.request('POST', `${API}/activar`, { cookie: admin, body: {} })).status).toBe(200);
    const { failureId } = await newFailure();
    await consume();
    expect(await runDueJobs(ctx.deps, procoreSyncHandler)).toMatchObject({ done: 1, failed: 0 });
    const [create] = observationCalls();
    expect(create).toMatchObject({ method: 'POST', path: '/rest/v1.0/observations/items' });
    expect(create.query.get('project_id')).toBe('111');
    expect(create.headers['procore-company-id']).toBe('5551234');
    expect(create.body.observation).toMatchObject({
      status: 'initiated',
      description: expect.stringContaining('Puerta no cierra'),
    });
    expect(await linkOf(failureId)).toMatchObject({ procoreProjectId: '111', remoteStatus: 'initiated' });

    await mapProject(null);
    const unmapped = await newFailure();
    await consume();
    await runDueJobs(ctx.deps, procoreSyncHandler);
    expect(await linkOf(unmapped.failureId)).toBeUndefined();
    expect(observationCalls()).toHaveLength(1);
    await mapProject(111);
  });

  it('moves the observation when the outcome changes', async () => {
    const { ticketId, failureId } = await newFailure();
    await consume();
    await runDueJobs(ctx.deps, procoreSyncHandler);
    const done = await ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas/${failureId}/no-aplica`, {
      cookie: admin,
      body: {},
    });
    expect(done.status).toBe(200);
    await consume();
    await runDueJobs(ctx.deps, procoreSyncHandler);
    const link = await linkOf(failureId);
    expect(fake.observations.get(link.procoreObservationId)?.status).toBe('void');
    expect(link.remoteStatus).toBe('void');
  });

  it('solves our failure through the machine when Procore closes the observation', async () => {
    const { failureId } = await newFailure();
    await consume();
    await runDueJobs(ctx.deps, procoreSyncHandler);
    const link = await linkOf(failureId);
    fake.observations.get(link.procoreObservationId)!.status = 'closed';
    const counts = await pollObservations(ctx.deps, new Date(Date.now() + 10 * 60_000));
    expect(counts.solved).toBe(1);
    const [failure] = await ctx.db.select().from(failures).where(eq(failures.id, failureId));
    expect(failure.state).toBe('solucionada');
    const history = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'failure.solve'), eq(activityLog.toState, 'solucionada')));
    expect(history.some((h) => (h.data as { via?: string }).via === 'procore' && h.userId === null)).toBe(true);
    expect((await linkOf(failureId)).remoteStatus).toBe('closed');
    // Our own solving does not push "ready for review" back over Procore's "closed".
    const patches = () => observationCalls().filter((c) => c.method === 'PATCH').length;
    const before = patches();
    await consume();
    await runDueJobs(ctx.deps, procoreSyncHandler);
    expect(patches()).toBe(before);
    expect(fake.observations.get(link.procoreObservationId)!.status).toBe('closed');
    const page = await ctx.request('GET', `${API}/observaciones`, { cookie: admin });
    expect(page.json.data.find((l: { failure_id: number }) => l.failure_id === failureId)).toMatchObject({
      remote_status: 'closed',
      procore_observation_id: link.procoreObservationId,
    });
    expect((await ctx.request('GET', `${API}/observaciones`, { cookie: await ctx.login('otra') })).json.data).toEqual(
      [],
    );
  });

  it('retries a 500 and logs both attempts; a 401 fails for good', async () => {
    fake.failNext(/^\/rest\/v1\.0\/observations\/items$/, 500);
    const retried = await newFailure();
    await consume();
    const now = new Date();
    expect(await runDueJobs(ctx.deps, procoreSyncHandler, now, () => 0.5)).toMatchObject({ failed: 1 });
    expect(await runDueJobs(ctx.deps, procoreSyncHandler, new Date(now.getTime() + 60_000))).toMatchObject({ done: 1 });
    expect(await linkOf(retried.failureId)).toBeDefined();
    const log = await ctx.request('GET', `${API}/registro`, { cookie: admin });
    expect(
      log.json.data.rows.slice(0, 2).map((r: { ok: boolean; status_code: number }) => [r.ok, r.status_code]),
    ).toEqual([
      [true, 201],
      [false, 500],
    ]);

    fake.failNext(/^\/rest\/v1\.0\/observations\/items$/, 401);
    const refused = await newFailure();
    await consume();
    await runDueJobs(ctx.deps, procoreSyncHandler);
    const [job] = await ctx.db
      .select()
      .from(integrationJobs)
      .where(eq(integrationJobs.dedupeKey, `outbox:${seenOutbox}:observation_create`));
    expect(job).toMatchObject({ state: 'fallido', attempts: 1 });
    expect(await linkOf(refused.failureId)).toBeUndefined();
  });
});
