import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLog, failures, integrationJobs, integrations } from '../../../db/schema/index.ts';
import { runDueJobs } from '../sync/jobs.ts';
import { procoreSyncHandler } from './observation-sync.ts';
import { createProcoreWorld, PROCORE_API, type ProcoreWorld } from './procore-world.test-support.ts';
import { pollObservations } from './status-poll.ts';

let w: ProcoreWorld;
const SECRET = 'secreto-de-prueba-1234';

beforeAll(async () => {
  w = await createProcoreWorld();
}, 180_000);
afterAll(async () => {
  await w?.close();
});

describe('Procore (docs/product.md §1 construction platform, §2 config/integraciones/procore)', () => {
  it('validates the settings per field in the caller language and seals the secret', async () => {
    const bad = await w.ctx.request('PUT', PROCORE_API, {
      cookie: w.admin,
      body: { company_id: 'abc', client_id: '' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['client_id', 'company_id']);
    const pt = await w.ctx.request('PUT', PROCORE_API, {
      cookie: w.admin,
      body: {},
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(pt.json.fields.client_id).toBe('Este campo é obrigatório');
    const ok = await w.ctx.request('PUT', PROCORE_API, {
      cookie: w.admin,
      body: { company_id: '5551234', client_id: 'client-abc', client_secret: SECRET },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ configured: true, secrets: { client_secret: { set: true, last4: '1234' } } });
    expect(ok.text).not.toContain(SECRET);
    const [row] = await w.ctx.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.companyId, w.ctx.seed.companyId), eq(integrations.kind, 'procore')));
    expect(row.secrets).not.toContain(SECRET);
    // Left out keeps the secret.
    const kept = await w.ctx.request('PUT', PROCORE_API, {
      cookie: w.admin,
      body: { company_id: '5551234', client_id: 'client-abc' },
    });
    expect(kept.json.data.secrets.client_secret.set).toBe(true);
  });

  it('tests the connection with one token reused, and lists the Procore projects', async () => {
    const first = await w.ctx.request('POST', `${PROCORE_API}/probar`, { cookie: w.admin, body: {} });
    expect(first.status).toBe(200);
    expect(first.json.data.projects).toEqual([
      { id: '111', name: 'Torre Norte (Procore)' },
      { id: '222', name: 'Torre Sur (Procore)' },
    ]);
    await w.ctx.request('POST', `${PROCORE_API}/probar`, { cookie: w.admin, body: {} });
    expect(w.fake.calls.filter((c) => c.path === '/oauth/token')).toHaveLength(1);
    const listing = w.fake.calls.find((c) => c.path === '/rest/v1.0/projects')!;
    expect(listing.query.get('company_id')).toBe('5551234');
    expect(listing.headers['procore-company-id']).toBe('5551234');
  });

  it('maps visible projects only; a foreign project is a 422 and another company never sees the mapping', async () => {
    expect((await w.mapProject(111)).status).toBe(200);
    const foreign = await w.mapProject(111, w.admin, w.ctx.seed.otherProjectIds[0]);
    expect(foreign.status).toBe(422);
    expect(foreign.json.fields['links.0.project_id']).toBeDefined();
    const mine = await w.ctx.request('GET', `${PROCORE_API}/proyectos`, { cookie: w.admin });
    expect(
      mine.json.data.find((p: { project_id: number }) => p.project_id === w.ids.projectId).procore_project_id,
    ).toBe('111');
    const other = await w.ctx.request('GET', `${PROCORE_API}/proyectos`, { cookie: await w.ctx.login('otra') });
    expect(other.json.data.every((p: { procore_project_id: string | null }) => p.procore_project_id === null)).toBe(
      true,
    );
    expect(other.json.data.some((p: { project_id: number }) => p.project_id === w.ids.projectId)).toBe(false);
  });

  it('sends nothing while the integration is not active', async () => {
    await w.newFailure();
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    expect(w.observationCalls()).toHaveLength(0);
  });

  it('creates an observation for a failure on a mapped project, none on an unmapped one', async () => {
    expect((await w.ctx.request('POST', `${PROCORE_API}/activar`, { cookie: w.admin, body: {} })).status).toBe(200);
    const { failureId } = await w.newFailure();
    await w.consume();
    expect(await runDueJobs(w.ctx.deps, procoreSyncHandler)).toMatchObject({ done: 1, failed: 0 });
    const [create] = w.observationCalls();
    expect(create).toMatchObject({ method: 'POST', path: '/rest/v1.0/observations/items' });
    expect(create.query.get('project_id')).toBe('111');
    expect(create.headers['procore-company-id']).toBe('5551234');
    expect(create.body.observation).toMatchObject({
      status: 'initiated',
      description: expect.stringContaining('Puerta no cierra'),
    });
    expect(await w.linkOf(failureId)).toMatchObject({ procoreProjectId: '111', remoteStatus: 'initiated' });

    await w.mapProject(null);
    const unmapped = await w.newFailure();
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    expect(await w.linkOf(unmapped.failureId)).toBeUndefined();
    expect(w.observationCalls()).toHaveLength(1);
    await w.mapProject(111);
  });

  it('moves the observation when the outcome changes', async () => {
    const { ticketId, failureId } = await w.newFailure();
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    const done = await w.ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas/${failureId}/no-aplica`, {
      cookie: w.admin,
      body: {},
    });
    expect(done.status).toBe(200);
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    const link = await w.linkOf(failureId);
    expect(w.fake.observations.get(link.procoreObservationId)?.status).toBe('void');
    expect(link.remoteStatus).toBe('void');
  });

  it('solves our failure through the machine when Procore closes the observation', async () => {
    const { failureId } = await w.newFailure();
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    const link = await w.linkOf(failureId);
    w.fake.observations.get(link.procoreObservationId)!.status = 'closed';
    const counts = await pollObservations(w.ctx.deps, new Date(Date.now() + 10 * 60_000));
    expect(counts.solved).toBe(1);
    const [failure] = await w.ctx.db.select().from(failures).where(eq(failures.id, failureId));
    expect(failure.state).toBe('solucionada');
    const history = await w.ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'failure.solve'), eq(activityLog.toState, 'solucionada')));
    expect(history.some((h) => (h.data as { via?: string }).via === 'procore' && h.userId === null)).toBe(true);
    expect((await w.linkOf(failureId)).remoteStatus).toBe('closed');
    // Our own solving does not push "ready for review" back over Procore's "closed".
    const patches = () => w.observationCalls().filter((c) => c.method === 'PATCH').length;
    const before = patches();
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    expect(patches()).toBe(before);
    expect(w.fake.observations.get(link.procoreObservationId)!.status).toBe('closed');
    const page = await w.ctx.request('GET', `${PROCORE_API}/observaciones`, { cookie: w.admin });
    expect(page.json.data.find((l: { failure_id: number }) => l.failure_id === failureId)).toMatchObject({
      remote_status: 'closed',
      procore_observation_id: link.procoreObservationId,
    });
    expect(
      (await w.ctx.request('GET', `${PROCORE_API}/observaciones`, { cookie: await w.ctx.login('otra') })).json.data,
    ).toEqual([]);
  });

  it('only records Procore closing a failure whose state cannot be solved', async () => {
    const { ticketId, failureId } = await w.newFailure();
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    await w.ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas/${failureId}/resultado`, {
      cookie: w.admin,
      body: { outcome: 'cumple' },
    });
    const link = await w.linkOf(failureId);
    w.fake.observations.get(link.procoreObservationId)!.status = 'closed';
    await pollObservations(w.ctx.deps, new Date(Date.now() + 10 * 60_000));
    const [failure] = await w.ctx.db.select().from(failures).where(eq(failures.id, failureId));
    expect(failure.state).toBe('cumple');
    expect((await w.linkOf(failureId)).remoteStatus).toBe('closed');
    // Our outcome still reaches Procore afterwards: "cumple" is no defect, so the observation is void.
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    expect((await w.linkOf(failureId)).remoteStatus).toBe('void');
  });

  it('retries a 500 and logs both attempts; a 401 fails for good', async () => {
    w.fake.failNext(/^\/rest\/v1\.0\/observations\/items$/, 500);
    const retried = await w.newFailure();
    await w.consume();
    const now = new Date();
    expect(await runDueJobs(w.ctx.deps, procoreSyncHandler, now, () => 0.5)).toMatchObject({ failed: 1 });
    expect(await runDueJobs(w.ctx.deps, procoreSyncHandler, new Date(now.getTime() + 60_000))).toMatchObject({
      done: 1,
    });
    expect(await w.linkOf(retried.failureId)).toBeDefined();
    const log = await w.ctx.request('GET', `${PROCORE_API}/registro`, { cookie: w.admin });
    expect(
      log.json.data.rows.slice(0, 2).map((r: { ok: boolean; status_code: number }) => [r.ok, r.status_code]),
    ).toEqual([
      [true, 201],
      [false, 500],
    ]);

    w.fake.failNext(/^\/rest\/v1\.0\/observations\/items$/, 401);
    const refused = await w.newFailure();
    await w.consume();
    await runDueJobs(w.ctx.deps, procoreSyncHandler);
    const [job] = await w.ctx.db
      .select()
      .from(integrationJobs)
      .where(eq(integrationJobs.dedupeKey, `outbox:${w.lastOutboxId()}:observation_create`));
    expect(job).toMatchObject({ state: 'fallido', attempts: 1 });
    expect(await w.linkOf(refused.failureId)).toBeUndefined();
  });
});
