import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { cboxListingSchema, cboxSearchSchema, cboxSummarySchema } from '#domain/cbox-responses';
import { cboxFolders, cboxShares, projects, userProjects, users } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { insertFile, insertFolder, shareWith, userIdOf } from './test/records.ts';

let ctx: TestContext;
let admin: string;
let ejecutivo: string;
let other: string;
let companyId: number;
let ejecutivoId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, ejecutivo, other] = await Promise.all(['admin', 'ejecutivo', 'otra'].map((u) => ctx.login(u)));
  companyId = ctx.seed.companyId;
  ejecutivoId = await userIdOf(ctx.db, companyId, 'ejecutivo');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const base = 'biblioteca';
const get = (path: string, cookie = admin) => ctx.request('GET', `${base}/${path}`, { cookie });
type Item = { name: string; kind: string; id: number; shared_with_me: boolean; levels: string[] };
const items = (res: { json: { data: Item[] } }) => res.json.data;

describe('cbox explorer: project folders (docs/product.md §2 /cbox)', () => {
  it('gives every project of the company its folder once, and its members can-download and can-edit', async () => {
    const root = cboxListingSchema.parse((await get('contenido')).json);
    await get('contenido');
    await get('resumen');
    const companyProjects = await ctx.db.select().from(projects).where(eq(projects.companyId, companyId));
    const made = await ctx.db
      .select()
      .from(cboxFolders)
      .where(and(eq(cboxFolders.companyId, companyId), isNotNull(cboxFolders.projectId)));
    expect(made).toHaveLength(companyProjects.length);
    const first = companyProjects[0];
    expect(root.data.find((i) => i.kind === 'folder' && i.project?.id === first.id)).toMatchObject({
      name: first.name,
      project: { id: first.id, name: first.name },
      folder_id: null,
    });
    const memberOf = (await ctx.db.select().from(userProjects).where(eq(userProjects.userId, ejecutivoId))).map(
      (p) => p.projectId,
    );
    const theirs = items(await get('contenido?type=folder', ejecutivo)).filter(
      (i: Item & { project?: { id: number } | null }) => i.project,
    ) as (Item & { project: { id: number } })[];
    expect(theirs.map((i) => i.project.id).sort()).toEqual([...memberOf].sort());
    expect(theirs.every((i) => i.levels.join() === 'can-download,can-edit')).toBe(true);
  });
});

describe('cbox explorer: the root and what is shared with me', () => {
  let hidden: number;
  let shared: number;
  let deepFile: number;
  beforeAll(async () => {
    hidden = await insertFolder(ctx.db, { companyId, name: 'Gerencia' });
    shared = await insertFolder(ctx.db, { companyId, name: 'Para ejecutivo', parentId: hidden });
    await insertFile(ctx.db, { companyId, name: 'presupuesto obra.xlsx', folderId: shared });
    deepFile = await insertFile(ctx.db, { companyId, name: 'presupuesto gerencia.xlsx', folderId: hidden });
    await insertFile(ctx.db, { companyId, name: 'presupuesto secreto.xlsx', folderId: hidden });
    await insertFolder(ctx.db, { companyId, name: 'Mi aporte', parentId: hidden, createdBy: ejecutivoId });
    await shareWith(ctx.db, { companyId, userId: ejecutivoId, folderId: shared, canEdit: true });
    await shareWith(ctx.db, { companyId, userId: ejecutivoId, fileId: deepFile });
    // Shared below a folder already shared: seen inside it, not again at the root.
    const below = await insertFolder(ctx.db, { companyId, name: 'Subcarpeta', parentId: shared });
    await shareWith(ctx.db, { companyId, userId: ejecutivoId, folderId: below });
  });

  it('shows at the root what is shared from folders the caller does not see, as aliases', async () => {
    const root = items(await get('contenido', ejecutivo));
    const aliases = root.filter((i) => i.shared_with_me).map((i) => i.name);
    expect(aliases.sort()).toEqual(['Mi aporte', 'Para ejecutivo', 'presupuesto gerencia.xlsx']);
    expect(root.some((i) => i.name === 'Gerencia' || i.name === 'Subcarpeta')).toBe(false);
    expect(root.find((i) => i.name === 'Para ejecutivo')!.levels).toEqual(['can-download', 'can-edit']);
    expect(root.find((i) => i.name === 'Mi aporte')!.levels).toEqual(['can-download', 'can-edit', 'can-share']);
    const adminRoot = items(await get('contenido'));
    expect(adminRoot.some((i) => i.name === 'Gerencia' && !i.shared_with_me)).toBe(true);
    expect(adminRoot.some((i) => i.name === 'Para ejecutivo')).toBe(false);
  });

  it('opens an alias, with a trail that starts at it', async () => {
    const inside = await get(`contenido?folder_id=${shared}`, ejecutivo);
    expect(items(inside).map((i) => i.name)).toEqual(['Subcarpeta', 'presupuesto obra.xlsx']);
    expect((await get(`carpetas/${shared}`, ejecutivo)).json.data.trail).toEqual([]);
    expect((await get(`carpetas/${shared}`)).json.data.trail).toEqual([{ id: hidden, name: 'Gerencia' }]);
    expect((await get(`contenido?folder_id=${hidden}`, ejecutivo)).status).toBe(404);
  });

  it('searches by name (any case, contains) only what the caller sees, with each trail', async () => {
    const theirs = cboxSearchSchema.parse((await get('buscar?q=PRESUPUESTO', ejecutivo)).json);
    expect(theirs.data.map((h) => [h.item.name, h.trail.map((c) => c.name)])).toEqual([
      ['presupuesto gerencia.xlsx', []],
      ['presupuesto obra.xlsx', ['Para ejecutivo']],
    ]);
    expect(theirs.data[0].item.shared_with_me).toBe(true);
    const all = cboxSearchSchema.parse((await get('buscar?q=presupuesto')).json);
    expect(all.total).toBe(3);
    expect(all.data.find((h) => h.item.name === 'presupuesto obra.xlsx')!.trail.map((c) => c.name)).toEqual([
      'Gerencia',
      'Para ejecutivo',
    ]);
    expect((await get('buscar?q=%25')).json.total).toBe(0);
    expect((await get('buscar?q=presupuesto&type=folder')).json.total).toBe(0);
    expect((await get('buscar?q=presupuesto&rowsPerPage=1&page=2')).json).toMatchObject({ total: 3, has_more: true });
    expect((await get('buscar?q=presupuesto', other)).json.total).toBe(0);
    expect((await get('buscar')).status).toBe(422);
  });

  it("shares to the caller's profile count as theirs", async () => {
    const revisor = await ctx.login('revisor');
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, await userIdOf(ctx.db, companyId, 'revisor')));
    const forProfile = await insertFolder(ctx.db, { companyId, name: 'Para revisores', parentId: hidden });
    await ctx.db
      .insert(cboxShares)
      .values({ companyId, folderId: forProfile, subjectKind: 'profile', profileId: row.profileId, canShare: true });
    const root = items(await get('contenido', revisor));
    expect(root.find((i) => i.name === 'Para revisores')).toMatchObject({
      shared_with_me: true,
      levels: ['can-download', 'can-share'],
    });
    expect((await get(`carpetas/${forProfile}`, revisor)).status).toBe(200);
    expect((await get('buscar?q=revisores', revisor)).json.total).toBe(1);
  });

  it('shows another company none of it', async () => {
    const theirs = items(await get('contenido', other));
    expect(theirs.some((i) => ['Gerencia', 'Para ejecutivo', 'Mi aporte'].includes(i.name))).toBe(false);
    expect((await get(`carpetas/${shared}`, other)).status).toBe(404);
  });
});

describe('cbox explorer: summary and quota', () => {
  it('tells the storage used against the quota, and only administrators set the quota', async () => {
    const before = cboxSummarySchema.parse((await get('resumen')).json).data;
    expect(before).toMatchObject({
      quota_bytes: ctx.deps.config.cboxQuotaBytes,
      is_admin: true,
      can_create_root: true,
    });
    await insertFile(ctx.db, { companyId, name: 'pesado.pdf', size: 5000 });
    const after = (await get('resumen')).json.data;
    expect(after.used_bytes - before.used_bytes).toBe(5000);
    expect(after.file_count - before.file_count).toBe(1);
    expect((await get('resumen', ejecutivo)).json.data).toMatchObject({ is_admin: false, can_create_root: true });
    const put = (body: unknown, cookie = admin) => ctx.request('PUT', `${base}/cuota`, { cookie, body });
    expect((await put({ quota_bytes: 1_000_000 }, ejecutivo)).status).toBe(403);
    expect((await put({ quota_bytes: 1_000_000 })).json.data.quota_bytes).toBe(1_000_000);
    expect((await get('resumen', ejecutivo)).json.data.quota_bytes).toBe(1_000_000);
    expect((await get('resumen', other)).json.data.quota_bytes).toBe(ctx.deps.config.cboxQuotaBytes);
    expect((await put({ quota_bytes: null })).json.data.quota_bytes).toBe(ctx.deps.config.cboxQuotaBytes);
    expect((await put({ quota_bytes: -1 })).status).toBe(422);
  });
});
