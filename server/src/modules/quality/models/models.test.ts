import fs from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bimModelSchema } from '#domain/quality-responses';
import {
  bimModelFiles,
  files,
  outbox,
  qualityActivities,
  qualityActivityHistory,
  qualityActivityValues,
  qualityAttributeValues,
  qualityAttributes,
} from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { storageOf, type Storage } from '../../../storage/index.ts';
import { generateIfcBuilding } from '../../../lib/ifc-generator.ts';
import { bimQueueOf } from './processing/queue.ts';
import { writeDemoModel } from './demo-model.ts';

/**
 * BIM models over the real app (docs/api.md, Quality: calidad/modelos): the processing queue runs (events: true), so
 * every attached IFC is converted in its worker thread; tests wait for it with bimQueueOf(deps).whenIdle().
 */
/** The hand-written one-wall IFC4 file (one storey, Pset_WallCommon.FireRating F90), kept in tests/fixtures. */
const fixture = fs.readFileSync(new URL('../../../../../tests/fixtures/minimal-wall.ifc', import.meta.url));

let ctx: TestContext;
let storage: Storage;
let admin: string;
let projectId: number;

const idle = () => bimQueueOf(ctx.deps)!.whenIdle();
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');

/** A request by origin-relative URL, answering the raw bytes. */
async function raw(
  url: string,
  init: { cookie: string; headers?: Record<string, string>; method?: string; body?: Buffer },
) {
  const res = await ctx.app.request(url, {
    method: init.method ?? 'GET',
    headers: { Cookie: init.cookie, ...init.headers },
    body: init.body ? new Uint8Array(init.body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** POST files/upload-url then PUT, as the client's uploader does. */
async function uploadViaPut(cookie: string, body: Buffer, request: Record<string, unknown>) {
  const signed = await ctx.request('POST', 'files/upload-url', { cookie, body: request });
  const put =
    signed.status === 200
      ? await raw(signed.json.data.url, {
          cookie,
          method: 'PUT',
          headers: { 'Content-Type': signed.json.data.contentType, ...(signed.json.data.headers ?? {}) },
          body,
        })
      : undefined;
  return { signed, put };
}

async function uploadIfc(cookie: string, body: Buffer, name = 'modelo.ifc') {
  const { signed, put } = await uploadViaPut(cookie, body, {
    extension: 'ifc',
    name,
    size: body.length,
    contentType: 'application/x-step',
  });
  expect(signed.status).toBe(200);
  expect(put?.status).toBeLessThan(300);
  return signed.json.data.path as string;
}

async function newModel(name: string) {
  const res = await ctx.request('POST', 'calidad/modelos', { cookie: admin, body: { project_id: projectId, name } });
  expect(res.status).toBe(201);
  return bimModelSchema.parse(res.json.data);
}

async function attach(modelId: number, body: Buffer, stage: string, name?: string) {
  const path = await uploadIfc(admin, body, name);
  return ctx.request('POST', `calidad/modelos/${modelId}/archivos`, { cookie: admin, body: { path, stage } });
}

const getModel = async (id: number, cookie = admin) => {
  const res = await ctx.request('GET', `calidad/modelos/${id}`, { cookie });
  expect(res.status).toBe(200);
  return bimModelSchema.parse(res.json.data);
};

beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  storage = storageOf(ctx.deps);
  admin = await ctx.login('admin');
  projectId = ctx.seed.projectIds[0];
}, 180_000);
afterAll(() => ctx?.close());

describe('BIM models', () => {
  it('processes the demo seed model once its IFC is written (as npm start does), not before', async () => {
    await idle();
    const before = await ctx.request('GET', `calidad/modelos?project_id=${projectId}`, { cookie: admin });
    const waiting = before.json.data.find((m: { name: string }) => m.name === 'Edificio demo');
    // Test contexts seed its rows only: without its bytes the queue leaves it queued.
    expect(waiting.files[0].state).toBe('en_cola');
    await writeDemoModel(ctx.deps);
    await idle();
    const list = await ctx.request('GET', `calidad/modelos?project_id=${projectId}`, { cookie: admin });
    expect(list.status).toBe(200);
    const demo = list.json.data
      .map((m: unknown) => bimModelSchema.parse(m))
      .find((m: { name: string }) => m.name === 'Edificio demo');
    expect(demo?.state).toBe('listo');
    // 300 walls, 5 storeys, the site and the building.
    expect(demo?.files[0].element_count).toBe(307);
    // Without project_id: every model the caller sees (config/integraciones/bim).
    const all = await ctx.request('GET', 'calidad/modelos', { cookie: admin });
    expect(all.json.data.some((m: { id: number }) => m.id === demo?.id)).toBe(true);
  }, 300_000);

  it('converts the fixture: ready, indexed with storey and property sets, fragments readable', async () => {
    const model = await newModel('Muro de prueba');
    const attached = await attach(model.id, fixture, 'arquitectura', 'minimal-wall.ifc');
    expect(attached.status).toBe(201);
    expect(attached.json.data.files[0].state).toBe('en_cola');
    await idle();
    const ready = await getModel(model.id);
    const [file] = ready.files;
    expect(ready.state).toBe('listo');
    expect(file.state).toBe('listo');
    expect(file.progress).toBe(1);
    expect(file.element_count).toBeGreaterThanOrEqual(1);
    expect(file.fragments_bytes).toBeGreaterThan(0);
    expect(file.processing_ms).toBeGreaterThan(0);

    const els = await ctx.request('GET', `calidad/modelos/${model.id}/elementos?global_ids=3vB2YO$MX4xv5uCqZZG05x`, {
      cookie: admin,
    });
    expect(els.status).toBe(200);
    expect(els.json.data).toHaveLength(1);
    expect(els.json.data[0]).toMatchObject({
      global_id: '3vB2YO$MX4xv5uCqZZG05x',
      ifc_class: 'IfcWall',
      name: 'Wall 1',
      storey: 'EG',
      model_file_id: file.id,
    });
    expect(els.json.data[0].properties['Pset_WallCommon.FireRating']).toBe('F90');

    expect(file.fragments_url).toMatch(
      new RegExp(`/calidad/modelos/${model.id}/archivos/${file.id}/fragmentos\\?v=1$`),
    );
    const frag = await raw(`http://localhost${file.fragments_url}`, { cookie: admin });
    expect(frag.status).toBe(200);
    expect(frag.body.length).toBe(file.fragments_bytes);
    const again = await raw(`http://localhost${file.fragments_url}`, {
      cookie: admin,
      headers: { 'If-None-Match': frag.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    // The IFC itself follows the model's visibility (registry.fileAccess 'bim_model').
    const revisor = await ctx.login('revisor');
    const ifc = await raw(`http://localhost/api/v2/public/files/${file.file.path}`, { cookie: revisor });
    expect(ifc.status).toBe(200);

    // Live progress went through the outbox on the project's topic: queued, processing, then ready.
    const events = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.type, 'bim.file.progress'), eq(outbox.projectId, projectId)))
      .orderBy(asc(outbox.id));
    const mine = events
      .map((e) => (e.payload as { data: Record<string, unknown> }).data)
      .filter((d) => d.file_id === file.id);
    expect(mine[0]).toMatchObject({ model_id: model.id, state: 'en_cola', progress: 0, error: null });
    expect(mine.map((d) => d.state)).toContain('procesando');
    expect(mine.at(-1)).toMatchObject({ state: 'listo', progress: 1 });
    const topic = events.find((e) => (e.payload as { data: { file_id?: number } }).data.file_id === file.id)!.topic;
    expect(topic).toBe(`qa/${ctx.seed.companyId}/projects/${projectId}/bim_models/${model.id}`);
  }, 120_000);

  it('processes a generated model of 2,000 walls with the right count, paged', async () => {
    const model = await newModel('Torre generada');
    const ifc = Buffer.from(generateIfcBuilding({ walls: 2000, storeys: 8, seed: 'torre' }));
    expect((await attach(model.id, ifc, 'estructura', 'torre.ifc')).status).toBe(201);
    await idle();
    const [file] = (await getModel(model.id)).files;
    expect(file.state).toBe('listo');
    expect(file.element_count).toBe(2000 + 8 + 2);
    const page = await ctx.request('GET', `calidad/modelos/${model.id}/elementos?ifc_class=ifcwall&page=3`, {
      cookie: admin,
    });
    expect(page.status).toBe(200);
    expect(page.json.total).toBe(2000);
    expect(page.json.data).toHaveLength(100);
    expect(page.json.has_more).toBe(true);
    const storey = await ctx.request('GET', `calidad/modelos/${model.id}/elementos?q=Muro%208-`, { cookie: admin });
    expect(storey.json.total).toBe(250);
    expect(storey.json.data.every((e: { storey: string }) => e.storey === 'Piso 8')).toBe(true);
  }, 300_000);

  it('ends an invalid IFC in error with its locale key', async () => {
    const model = await newModel('Roto');
    const broken = Buffer.from(
      "ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n#1=IFCWALL(basura\nENDSEC;\n",
    );
    expect((await attach(model.id, broken, 'estructura', 'roto.ifc')).status).toBe(201);
    await idle();
    const answered = await getModel(model.id);
    expect(answered.state).toBe('error');
    expect(answered.files[0]).toMatchObject({
      state: 'error',
      error: 'quality.errors.ifc_invalid',
      fragments_url: null,
    });
  }, 300_000);

  it('refuses a second file for a stage, a file that is not an IFC, and one never uploaded (422 per field)', async () => {
    const model = await newModel('Etapas');
    const small = Buffer.from(generateIfcBuilding({ walls: 2, storeys: 1, seed: 'etapas' }));
    expect((await attach(model.id, small, 'instalaciones', 'a.ifc')).status).toBe(201);
    const second = await attach(model.id, small, 'instalaciones', 'b.ifc');
    expect(second.status).toBe(422);
    expect(Object.keys(second.json.fields)).toEqual(['stage']);
    expect(second.json.fields.stage).toMatch(/etapa/);
    // Another stage of the same model is fine.
    expect((await attach(model.id, small, 'terminaciones', 'c.ifc')).status).toBe(201);

    const { signed } = await uploadViaPut(admin, PDF, { extension: 'pdf', name: 'plano.pdf', size: PDF.length });
    const pdf = await ctx.request('POST', `calidad/modelos/${model.id}/archivos`, {
      cookie: admin,
      body: { path: signed.json.data.path, stage: 'coordinacion' },
    });
    expect(pdf.status).toBe(422);
    expect(pdf.json.fields.path).toMatch(/IFC/);
    const unknown = await ctx.request('POST', `calidad/modelos/${model.id}/archivos`, {
      cookie: admin,
      body: { path: '1/2026/01/00000000-0000-4000-8000-000000000000.ifc', stage: 'coordinacion' },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.json.fields)).toEqual(['path']);
    const badStage = await ctx.request('POST', `calidad/modelos/${model.id}/archivos`, {
      cookie: admin,
      body: { path: signed.json.data.path, stage: 'fachada' },
    });
    expect(badStage.status).toBe(422);
    expect(Object.keys(badStage.json.fields)).toEqual(['stage']);
    await idle();
  }, 300_000);

  it('reprocesses (force update) under a new attempt and removes the old fragments', async () => {
    const model = await newModel('Reproceso');
    await attach(model.id, Buffer.from(generateIfcBuilding({ walls: 5, storeys: 1, seed: 'rep' })), 'estructura');
    await idle();
    const [before] = await ctx.db.select().from(bimModelFiles).where(eq(bimModelFiles.modelId, model.id));
    expect(before.state).toBe('listo');
    const res = await ctx.request('POST', `calidad/modelos/${model.id}/reprocesar`, { cookie: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data.state).toBe('en_optimizacion');
    expect(res.json.data.files[0]).toMatchObject({ state: 'en_cola', progress: 0, fragments_url: null });
    await idle();
    const [after] = await ctx.db.select().from(bimModelFiles).where(eq(bimModelFiles.modelId, model.id));
    expect(after).toMatchObject({ state: 'listo', attempt: 2, elementCount: 8 });
    expect(after.fragmentsPath).not.toBe(before.fragmentsPath);
    expect(await storage.stat(before.fragmentsPath!)).toBeUndefined();
    expect(await storage.stat(after.fragmentsPath!)).toBeDefined();
    expect((await getModel(model.id)).files[0].fragments_url).toMatch(/\?v=2$/);
  }, 300_000);

  it('deletes one file, and force deletes a model with its records and storage objects', async () => {
    const model = await newModel('Borrar');
    const ifc = Buffer.from(generateIfcBuilding({ walls: 3, storeys: 1, seed: 'borrar' }));
    await attach(model.id, ifc, 'estructura');
    await attach(model.id, ifc, 'arquitectura', 'otro.ifc');
    await idle();
    const rows = await ctx.db
      .select({ mf: bimModelFiles, path: files.path })
      .from(bimModelFiles)
      .innerJoin(files, eq(files.id, bimModelFiles.fileId))
      .where(eq(bimModelFiles.modelId, model.id))
      .orderBy(asc(bimModelFiles.id));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(await storage.stat(r.mf.fragmentsPath!)).toBeDefined();

    const one = await ctx.request('DELETE', `calidad/modelos/${model.id}/archivos/${rows[0].mf.id}`, { cookie: admin });
    expect(one.status).toBe(200);
    expect(await storage.stat(rows[0].path)).toBeUndefined();
    expect(await storage.stat(rows[0].mf.fragmentsPath!)).toBeUndefined();
    expect((await getModel(model.id)).files.map((f) => f.id)).toEqual([rows[1].mf.id]);

    const gone = await ctx.request('DELETE', `calidad/modelos/${model.id}`, { cookie: admin });
    expect(gone.status).toBe(200);
    expect((await ctx.request('GET', `calidad/modelos/${model.id}`, { cookie: admin })).status).toBe(404);
    expect(await storage.stat(rows[1].path)).toBeUndefined();
    expect(await storage.stat(rows[1].mf.fragmentsPath!)).toBeUndefined();
    expect(await ctx.db.select().from(files).where(eq(files.path, rows[1].path))).toEqual([]);
  }, 300_000);

  it('renames, and validates the name', async () => {
    const model = await newModel('Nombre');
    const res = await ctx.request('PATCH', `calidad/modelos/${model.id}`, {
      cookie: admin,
      body: { name: 'Nombre nuevo' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe('Nombre nuevo');
    const empty = await ctx.request('PATCH', `calidad/modelos/${model.id}`, { cookie: admin, body: { name: ' ' } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.fields)).toEqual(['name']);
  });

  it('reads with the module, writes with config_proyectos only', async () => {
    const model = await newModel('Permisos');
    const revisor = await ctx.login('revisor');
    expect((await ctx.request('GET', `calidad/modelos/${model.id}`, { cookie: revisor })).status).toBe(200);
    expect(
      (await ctx.request('PATCH', `calidad/modelos/${model.id}`, { cookie: revisor, body: { name: 'x' } })).status,
    ).toBe(403);
    expect((await ctx.request('DELETE', `calidad/modelos/${model.id}`, { cookie: revisor })).status).toBe(403);
    expect(
      (await ctx.request('POST', 'calidad/modelos', { cookie: revisor, body: { project_id: projectId, name: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (await ctx.request('POST', `calidad/modelos/${model.id}/reprocesar`, { cookie: revisor, body: {} })).status,
    ).toBe(403);
    const ejecutivo = await ctx.login('ejecutivo');
    expect((await ctx.request('GET', `calidad/modelos/${model.id}`, { cookie: ejecutivo })).status).toBe(403);
  });

  it("never shows another company's model (404)", async () => {
    const model = await newModel('Aislado');
    const otra = await ctx.login('otra');
    for (const [method, path] of [
      ['GET', `calidad/modelos/${model.id}`],
      ['GET', `calidad/modelos/${model.id}/elementos`],
      ['GET', `calidad/modelos/${model.id}/actividades-elementos`],
    ] as const) {
      const res = await ctx.request(method, path, { cookie: otra });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Aislado');
    }
    for (const [method, path, body] of [
      ['PATCH', `calidad/modelos/${model.id}`, { name: 'x' }],
      ['DELETE', `calidad/modelos/${model.id}`, undefined],
      ['POST', `calidad/modelos/${model.id}/reprocesar`, {}],
    ] as const)
      expect((await ctx.request(method, path, { cookie: otra, body })).status).toBe(404);
    const theirs = await ctx.request('GET', 'calidad/modelos', { cookie: otra });
    expect(theirs.status).toBe(200);
    expect(theirs.json.data.some((m: { id: number }) => m.id === model.id)).toBe(false);
    // The admin naming a project of the other company, or a model id that is not theirs.
    const foreign = await ctx.request('POST', 'calidad/modelos', {
      cookie: admin,
      body: { project_id: ctx.seed.otherProjectIds[0], name: 'x' },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await ctx.request('GET', `calidad/modelos?project_id=${ctx.seed.otherProjectIds[0]}`, { cookie: admin })).status,
    ).toBe(404);
  });

  it('links activities to elements by rule (attribute value = property, case ignored), with history', async () => {
    const model = await newModel('Reglas');
    const ifc = Buffer.from(generateIfcBuilding({ walls: 40, storeys: 2, seed: 'reglas' }));
    expect((await attach(model.id, ifc, 'coordinacion', 'reglas.ifc')).status).toBe(201);
    await idle();
    const companyId = ctx.seed.companyId;
    const attribute = async (name: string, values: string[]) => {
      const [a] = await ctx.db.insert(qualityAttributes).values({ companyId, name }).returning();
      const rows = await ctx.db
        .insert(qualityAttributeValues)
        .values(values.map((v) => ({ companyId, attributeId: a.id, name: v })))
        .returning();
      return { id: a.id, values: rows.map((r) => r.id) };
    };
    const activity = async (description: string, attributeId: number, valueId: number) => {
      const [row] = await ctx.db.insert(qualityActivities).values({ companyId, projectId, description }).returning();
      await ctx.db.insert(qualityActivityValues).values({ activityId: row.id, attributeId, valueId });
      return row.id;
    };
    const zona = await attribute('Zona regla', ['zona a', 'ZONA B', 'Zona Z']);
    const a1 = await activity('Muros zona A', zona.id, zona.values[0]);
    const a2 = await activity('Muros zona B', zona.id, zona.values[1]);
    const a3 = await activity('Muros zona Z', zona.id, zona.values[2]);

    const rule = (cookie: string, body: unknown) =>
      ctx.request('POST', `calidad/modelos/${model.id}/regla-vinculo`, { cookie, body });
    const res = await rule(admin, { attribute_id: zona.id, property: 'Pset_Obra.Zona' });
    expect(res.status).toBe(200);
    // 20 walls per storey in 4 zones of 5: zone A and B have 10 walls each over the two storeys.
    expect(res.json.data).toEqual({ linked_activities: 2, linked_elements: 20 });
    const links = await ctx.request('GET', `calidad/modelos/${model.id}/actividades-elementos`, { cookie: admin });
    expect(links.status).toBe(200);
    const byActivity = (id: number) => links.json.data.filter((l: { activity_id: number }) => l.activity_id === id);
    expect(byActivity(a1)).toHaveLength(10);
    expect(byActivity(a2)).toHaveLength(10);
    expect(byActivity(a3)).toHaveLength(0);
    const picked = byActivity(a1).map((l: { global_id: string }) => l.global_id);
    const props = await ctx.request('GET', `calidad/modelos/${model.id}/elementos?global_ids=${picked.join(',')}`, {
      cookie: admin,
    });
    expect(
      props.json.data.every(
        (e: { properties: Record<string, unknown> }) => e.properties['Pset_Obra.Zona'] === 'Zona A',
      ),
    ).toBe(true);
    const history = await ctx.db.select().from(qualityActivityHistory).where(eq(qualityActivityHistory.activityId, a1));
    expect(history).toEqual([expect.objectContaining({ kind: 'elements', changes: { elements: [0, 10] } })]);

    // By storey, walls only, replacing: the activity of 'piso 1' gets the 20 walls of that storey.
    const piso = await attribute('Piso regla', ['piso 1']);
    const b1 = await activity('Losa piso 1', piso.id, piso.values[0]);
    const storey = await rule(admin, {
      attribute_id: piso.id,
      property: 'storey',
      ifc_class: 'IfcWall',
      replace: true,
    });
    expect(storey.json.data).toEqual({ linked_activities: 1, linked_elements: 20 });
    // Applying it again changes nothing and writes no new history.
    await rule(admin, { attribute_id: piso.id, property: 'storey', ifc_class: 'IfcWall', replace: true });
    expect(
      await ctx.db.select().from(qualityActivityHistory).where(eq(qualityActivityHistory.activityId, b1)),
    ).toHaveLength(1);

    const bad = await rule(admin, { attribute_id: zona.id, property: 'Zona' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields)).toEqual(['property']);
    expect((await rule(admin, { attribute_id: 999999, property: 'storey' })).status).toBe(422);
    const revisor = await ctx.login('revisor');
    expect((await rule(revisor, { attribute_id: zona.id, property: 'storey' })).status).toBe(403);
  }, 300_000);
});
