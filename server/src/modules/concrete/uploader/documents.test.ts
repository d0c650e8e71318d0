import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { CONCRETE_UPLOADER_CHANGED_EVENT } from '#domain/concrete-placements';
import { concreteDocumentSchema } from '#domain/concrete-placements-responses';
import { concretePlacements, files, profiles, userProjects, users } from '../../../db/schema/index.ts';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { createLocalStorage } from '../../../storage/local.ts';
import { lastEvent } from '../test/fixtures.ts';

/**
 * docs/api.md Hormigón: uploader and advance — the project's supporting documents (docs/product.md §5: dispatch guides
 * and lab reports, PDF only, 20 MB each), uploaded through the files module and attached by path.
 */
let ctx: TestContext;
let cleanup: () => void;
let admin: string;
let viewer: string;
let blind: string;
let outsider: string;
let foreign: string;
let demoProject: number;
let emptyProject: number;

/** A small PDF, as its first bytes and its end say. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(2048, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
/** A 1×1 PNG: a file the uploader takes, but not a PDF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  ctx = await createTestContext();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-concrete-documents-'));
  ctx.deps.extras.storage = createLocalStorage({ root, secret: ctx.deps.config.signingSecret });
  cleanup = () => fs.rmSync(root, { recursive: true, force: true });
  [admin, foreign] = await Promise.all([ctx.login('admin'), ctx.login('otra')]);
  viewer = await staffWith(ctx, 'mira-documentos', ['modulo_hormigon', 'todos_los_proyectos']);
  [demoProject, , emptyProject] = ctx.seed.projectIds;
  // The module and the permission, but only the empty project: the demo project is someone else's.
  blind = await staffOn('otro-proyecto', ['modulo_hormigon', 'hormigon_editar'], emptyProject);
  // Every project, not the module.
  outsider = await staffWith(ctx, 'sin-hormigon', ['modulo_calidad', 'todos_los_proyectos']);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

/** Staff of the demo company with `permissions` who see `projectId` only. */
async function staffOn(username: string, permissions: string[], projectId: number) {
  const [template] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
  const companyId = template.companyId;
  const [profile] = await ctx.db
    .insert(profiles)
    .values({ companyId, name: `Prueba ${username}`, permissions })
    .returning();
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId,
      username,
      firstName: 'Prueba',
      lastName: username,
      passwordHash: template.passwordHash,
      profileId: profile.id,
    })
    .returning();
  await ctx.db.insert(userProjects).values({ userId: user.id, projectId, companyId });
  return ctx.login(username);
}

/** upload-url then the PUT, as the client's uploader does; answers the stored path. */
async function upload(cookie: string, name: string, bytes: Buffer) {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension, name, size: bytes.length, context: 'general' },
  });
  expect(signed.status, signed.text).toBe(200);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType },
    body: new Uint8Array(bytes),
  });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  return { path: signed.json.data.path as string, name, size: bytes.length };
}

const documents = (projectId: number, opts: { cookie?: string; body?: unknown; query?: string } = {}) =>
  ctx.request(
    opts.body === undefined ? 'GET' : 'POST',
    `hormigon/proyectos/${projectId}/documentos${opts.query ?? ''}`,
    {
      cookie: opts.cookie ?? admin,
      body: opts.body,
    },
  );
const removeDocument = (id: number, cookie = admin) => ctx.request('DELETE', `hormigon/documentos/${id}`, { cookie });
const download = async (stored: string, cookie: string) =>
  (await ctx.app.request(`/api/v2/public/files/${stored}`, { headers: { Cookie: cookie } })).status;

async function demoPlacement() {
  const [row] = await ctx.db
    .select()
    .from(concretePlacements)
    .where(eq(concretePlacements.projectId, demoProject))
    .orderBy(asc(concretePlacements.id))
    .limit(1);
  return row;
}

describe('the supporting documents of a project', () => {
  it('attaches uploaded PDFs of one kind and placement, lists them, announces it and lets the module read them', async () => {
    const placement = await demoPlacement();
    const guide = await upload(admin, 'guia-1234.pdf', PDF);
    const report = await upload(admin, 'informe-7.pdf', PDF);
    const posted = await documents(demoProject, {
      body: { kind: 'guia_despacho', placement_id: placement.id, files: [guide, report] },
    });
    expect(posted.status, posted.text).toBe(201);
    const list = posted.json.data.map((d: unknown) => concreteDocumentSchema.parse(d));
    expect(list.map((d: { name: string }) => d.name)).toEqual(['guia-1234.pdf', 'informe-7.pdf']);
    expect(list[0]).toMatchObject({
      kind: 'guia_despacho',
      size: PDF.length,
      path: guide.path,
      placement: { id: placement.id, number: placement.number },
      uploaded_by: { full_name: expect.any(String) },
    });
    const event = await lastEvent(ctx);
    expect(event).toMatchObject({ type: CONCRETE_UPLOADER_CHANGED_EVENT, projectId: demoProject });
    expect((event.payload as { data: unknown }).data).toMatchObject({ project_id: demoProject, kind: 'guia_despacho' });

    const other = await upload(admin, 'otro.pdf', PDF);
    expect((await documents(demoProject, { body: { kind: 'otro', files: [other] } })).status).toBe(201);
    const read = await documents(demoProject, { cookie: viewer });
    expect(read.status).toBe(200);
    expect(read.json.data.map((d: { kind: string }) => d.kind)).toEqual(['guia_despacho', 'guia_despacho', 'otro']);
    const ofPlacement = await documents(demoProject, { cookie: viewer, query: `?placement_id=${placement.id}` });
    expect(ofPlacement.json.data).toHaveLength(2);
    expect((await documents(emptyProject)).json).toEqual({ data: [] });

    // The files module lets read the PDF whoever has the module on the project, nobody else.
    expect(await download(guide.path, viewer)).toBe(200);
    expect(await download(guide.path, outsider)).toBe(404);
    expect(await download(guide.path, blind)).toBe(404);
    expect(await download(guide.path, foreign)).toBe(404);
    // An upload is one document: attaching it again is refused.
    const again = await documents(demoProject, { body: { kind: 'otro', files: [guide] } });
    expect(again.status).toBe(422);
    expect(again.json.fields).toEqual({ 'files.0.path': 'El archivo no es válido, no existe o ya está adjunto' });
  });

  it('refuses a file that is not a PDF, in Spanish and Portuguese, and a placement of another project', async () => {
    const photo = await upload(admin, 'foto.png', PNG);
    const refused = await documents(demoProject, { body: { kind: 'informe_laboratorio', files: [photo] } });
    expect(refused.status).toBe(422);
    expect(refused.json.fields).toEqual({ 'files.0.path': 'Solo se permiten documentos PDF' });
    const pt = await ctx.request('POST', `hormigon/proyectos/${demoProject}/documentos`, {
      cookie: admin,
      headers: { 'Accept-Language': 'pt-BR' },
      body: { kind: 'informe_laboratorio', files: [photo] },
    });
    expect(pt.json.fields).toEqual({ 'files.0.path': 'Somente documentos PDF são permitidos' });
    const [pngRow] = await ctx.db.select().from(files).where(eq(files.path, photo.path));
    expect(pngRow.entityType).toBeNull();

    const pdf = await upload(admin, 'guia-otra.pdf', PDF);
    const placement = await demoPlacement();
    const elsewhere = await documents(emptyProject, {
      body: { kind: 'guia_despacho', placement_id: placement.id, files: [pdf] },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.fields).toEqual({ placement_id: 'Valor inválido' });
    const unknownKind = await documents(demoProject, { body: { kind: 'factura', files: [pdf] } });
    expect(unknownKind.status).toBe(422);
    expect(Object.keys(unknownKind.json.fields)).toEqual(['kind']);
  });

  it('removes a document; a foreign project or document is a 404, writing without hormigon_editar a 403', async () => {
    const pdf = await upload(admin, 'borrar.pdf', PDF);
    const posted = await documents(demoProject, { body: { kind: 'otro', files: [pdf] } });
    const id = posted.json.data.find((d: { path: string }) => d.path === pdf.path).id as number;

    expect((await documents(demoProject, { cookie: foreign })).status).toBe(404);
    expect((await documents(demoProject, { cookie: blind })).status).toBe(404);
    expect((await documents(demoProject, { cookie: foreign, body: { kind: 'otro', files: [pdf] } })).status).toBe(404);
    expect((await documents(demoProject, { cookie: viewer, body: { kind: 'otro', files: [pdf] } })).status).toBe(403);
    expect((await removeDocument(id, viewer)).status).toBe(403);
    expect((await removeDocument(id, foreign)).status).toBe(404);
    expect((await removeDocument(id, blind)).status).toBe(404);
    expect((await removeDocument(999_999)).status).toBe(404);

    const removed = await removeDocument(id);
    expect(removed.status, removed.text).toBe(204);
    const event = await lastEvent(ctx);
    expect(event).toMatchObject({ type: CONCRETE_UPLOADER_CHANGED_EVENT, projectId: demoProject });
    const list = await documents(demoProject);
    expect(list.json.data.some((d: { id: number }) => d.id === id)).toBe(false);
    expect((await removeDocument(id)).status).toBe(404);
    // The PDF went back to its uploader alone: the module no longer vouches for it.
    const [row] = await ctx.db
      .select()
      .from(files)
      .where(and(eq(files.path, pdf.path), eq(files.companyId, ctx.seed.companyId)));
    expect(row.entityType).toBeNull();
    expect(await download(pdf.path, viewer)).toBe(404);
    expect(await download(pdf.path, admin)).toBe(200);
  });
});
