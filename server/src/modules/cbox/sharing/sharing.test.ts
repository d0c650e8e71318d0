import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import es from '#locales/es.json' with { type: 'json' };
import { cboxShareListSchema, cboxShareSchema, cboxSubjectOptionsSchema } from '#domain/cbox-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cboxActivity, profiles } from '../../../db/schema/index.ts';
import { folderChain, levelsOnChain, loadFolder } from '../shared/access.ts';
import { makeFile, makeFolder, sessionOf, userId, useTempStorage } from '../test/sharingFixtures.ts';

/** docs/product.md §6 sharing levels through POST/PATCH/DELETE biblioteca/compartir (docs/api.md, Cbox). */
let ctx: TestContext;
let cleanup: () => void;
let cookies: Record<string, string>;
let obra: { id: number };
let planos: { id: number };
let plano: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx).cleanup;
  const admin = await userId(ctx, 'admin');
  obra = await makeFolder(ctx, { name: 'Obra Norte', createdBy: admin });
  planos = await makeFolder(ctx, { name: 'Planos', parentId: obra.id, createdBy: admin });
  plano = (
    await makeFile(ctx, { name: 'plano.pdf', folderId: planos.id, createdBy: admin, body: Buffer.from('%PDF-1.7 x') })
  ).file;
  cookies = {};
  for (const name of ['admin', 'supervisor', 'revisor', 'inspector', 'gerente', 'otra'])
    cookies[name] = await ctx.login(name);
});
afterAll(async () => {
  await ctx.close();
  cleanup();
});

const share = (who: string, body: Record<string, unknown>) =>
  ctx.request('POST', 'biblioteca/compartir', { cookie: cookies[who], body });

async function levelsOf(username: string, folderId: number) {
  const user = await sessionOf(ctx, username);
  return levelsOnChain(ctx.db, user, await folderChain(ctx.db, user.companyId, folderId));
}

describe('shares', () => {
  it('a share to a user gives them the folder and everything below, at the levels granted', async () => {
    expect(await levelsOf('supervisor', planos.id)).toEqual([]);
    expect(
      (await ctx.request('GET', `biblioteca/compartir?folder_id=${planos.id}`, { cookie: cookies.supervisor })).status,
    ).toBe(404);
    const res = await share('admin', {
      folder_id: obra.id,
      subject_kind: 'user',
      subject_id: await userId(ctx, 'supervisor'),
      levels: ['can-download', 'can-share'],
    });
    expect(res.status).toBe(201);
    const created = cboxShareSchema.parse(res.json.data);
    expect(created.subject).toMatchObject({ kind: 'user', name: expect.stringMatching(/\S/) });
    expect(created.levels).toEqual(['can-download', 'can-share']);
    expect(created.granted_by?.id).toBe(await userId(ctx, 'admin'));
    expect(await levelsOf('supervisor', planos.id)).toEqual(['can-download', 'can-share']);
    const [activity] = await ctx.db.select().from(cboxActivity).where(eq(cboxActivity.folderId, obra.id));
    expect(activity).toMatchObject({ action: 'shared', detail: { levels: ['can-download', 'can-share'] } });
  });

  it('lists the shares on an item and those inherited from the folders above it', async () => {
    const res = await ctx.request('GET', `biblioteca/compartir?file_id=${plano.id}`, { cookie: cookies.supervisor });
    expect(res.status).toBe(200);
    const list = cboxShareListSchema.parse(res.json).data;
    expect(list).toHaveLength(1);
    expect(list[0].inherited_from).toEqual({ id: obra.id, name: 'Obra Norte' });
    const own = await ctx.request('GET', `biblioteca/compartir?folder_id=${obra.id}`, { cookie: cookies.admin });
    expect(own.json.data[0].inherited_from).toBeNull();
  });

  it('a sharer grants only the levels they hold: can-edit is refused, can-download and can-share go through', async () => {
    const revisor = await userId(ctx, 'revisor');
    const refused = await share('supervisor', {
      folder_id: planos.id,
      subject_kind: 'user',
      subject_id: revisor,
      levels: ['can-download', 'can-edit'],
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(es.cbox.errors.share_level_exceeded);
    const granted = await share('supervisor', {
      folder_id: planos.id,
      subject_kind: 'user',
      subject_id: revisor,
      levels: ['can-download', 'can-share'],
    });
    expect(granted.status).toBe(201);
    expect(await levelsOf('revisor', planos.id)).toEqual(['can-download', 'can-share']);
    // The same subject again is the same share, changed (the unique index), not a second one.
    const again = await share('supervisor', {
      folder_id: planos.id,
      subject_kind: 'user',
      subject_id: revisor,
      levels: ['can-download'],
    });
    expect(again.status).toBe(201);
    expect(again.json.data.id).toBe(granted.json.data.id);
    expect(await levelsOf('revisor', planos.id)).toEqual(['can-download']);
  });

  it('a can-download holder sees the folder but holds no can-edit (renaming, moving, uploading are refused)', async () => {
    const revisor = await sessionOf(ctx, 'revisor');
    await expect(loadFolder(ctx.db, revisor, planos.id)).resolves.toMatchObject({ levels: ['can-download'] });
    await expect(loadFolder(ctx.db, revisor, planos.id, 'can-edit')).rejects.toMatchObject({ status: 403 });
    await expect(loadFolder(ctx.db, revisor, obra.id)).rejects.toMatchObject({ status: 404 });
    const reshare = await share('revisor', {
      folder_id: planos.id,
      subject_kind: 'user',
      subject_id: await userId(ctx, 'gerente'),
      levels: ['can-download'],
    });
    expect(reshare.status).toBe(403);
  });

  it('a share to a profile applies to its users', async () => {
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.name, 'Inspector'));
    expect(await levelsOf('inspector', obra.id)).toEqual([]);
    const res = await share('admin', {
      folder_id: obra.id,
      subject_kind: 'profile',
      subject_id: profile.id,
      levels: [],
    });
    expect(res.status).toBe(201);
    expect(res.json.data.subject).toEqual({ kind: 'profile', id: profile.id, name: 'Inspector' });
    expect(await levelsOf('inspector', planos.id)).toEqual(['can-download']);
  });

  it("changes and removes a share within the sharer's own levels", async () => {
    const list = (await ctx.request('GET', `biblioteca/compartir?folder_id=${planos.id}`, { cookie: cookies.admin }))
      .json.data as { id: number; subject: { name: string }; inherited_from: unknown }[];
    const revisorShare = list.find((s) => s.inherited_from === null)!;
    const over = await ctx.request('PATCH', `biblioteca/compartir/${revisorShare.id}`, {
      cookie: cookies.supervisor,
      body: { levels: ['can-download', 'can-edit'] },
    });
    expect(over.status).toBe(403);
    const patched = await ctx.request('PATCH', `biblioteca/compartir/${revisorShare.id}`, {
      cookie: cookies.admin,
      body: { levels: ['can-download', 'can-edit'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.data.levels).toEqual(['can-download', 'can-edit']);
    // Now above the supervisor's own levels: posting the share again may not lower it…
    const repost = await share('supervisor', {
      folder_id: planos.id,
      subject_kind: 'user',
      subject_id: await userId(ctx, 'revisor'),
      levels: ['can-download'],
    });
    expect(repost.status).toBe(403);
    expect(await levelsOf('revisor', planos.id)).toEqual(['can-download', 'can-edit']);
    // …nor may they take it away.
    const removeAbove = await ctx.request('DELETE', `biblioteca/compartir/${revisorShare.id}`, {
      cookie: cookies.supervisor,
    });
    expect(removeAbove.status).toBe(403);
    const removed = await ctx.request('DELETE', `biblioteca/compartir/${revisorShare.id}`, { cookie: cookies.admin });
    expect(removed.status).toBe(200);
    expect(await levelsOf('revisor', planos.id)).toEqual([]);
    const actions = await ctx.db.select().from(cboxActivity).where(eq(cboxActivity.folderId, planos.id));
    expect(actions.map((a) => a.action)).toContain('unshared');
  });

  it("subjects must be active staff users or profiles of the caller's company", async () => {
    const foreignUser = await userId(ctx, 'otra');
    expect(
      (await share('admin', { folder_id: obra.id, subject_kind: 'user', subject_id: foreignUser, levels: [] })).status,
    ).toBe(404);
    const [foreignProfile] = await ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.companyId, ctx.seed.otherCompanyId));
    expect(
      (await share('admin', { folder_id: obra.id, subject_kind: 'profile', subject_id: foreignProfile.id, levels: [] }))
        .status,
    ).toBe(404);
  });

  it("offers the company's library users (not the caller) and its profiles", async () => {
    const res = await ctx.request('GET', 'biblioteca/destinatarios', { cookie: cookies.supervisor });
    expect(res.status).toBe(200);
    const { users, profiles: offered } = cboxSubjectOptionsSchema.parse(res.json).data;
    const ids = users.map((u) => u.id);
    expect(ids).toContain(await userId(ctx, 'admin'));
    expect(ids).not.toContain(await userId(ctx, 'supervisor'));
    expect(ids).not.toContain(await userId(ctx, 'agente'));
    expect(ids).not.toContain(await userId(ctx, 'otra'));
    expect(offered.map((p) => p.name)).toContain('Inspector');
  });

  it('another company sees none of it: every sharing route is a 404', async () => {
    const shareId = (await ctx.request('GET', `biblioteca/compartir?folder_id=${obra.id}`, { cookie: cookies.admin }))
      .json.data[0].id;
    const otra = cookies.otra;
    const answers = await Promise.all([
      ctx.request('GET', `biblioteca/compartir?folder_id=${obra.id}`, { cookie: otra }),
      ctx.request('GET', `biblioteca/compartir?file_id=${plano.id}`, { cookie: otra }),
      ctx.request('POST', 'biblioteca/compartir', {
        cookie: otra,
        body: { folder_id: obra.id, subject_kind: 'user', subject_id: await userId(ctx, 'otra'), levels: [] },
      }),
      ctx.request('PATCH', `biblioteca/compartir/${shareId}`, { cookie: otra, body: { levels: [] } }),
      ctx.request('DELETE', `biblioteca/compartir/${shareId}`, { cookie: otra }),
      ctx.request('GET', `biblioteca/enlaces?folder_id=${obra.id}`, { cookie: otra }),
      ctx.request('POST', 'biblioteca/enlaces', {
        cookie: otra,
        body: { folder_id: obra.id, expires_on: '2099-01-01' },
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const destinatarios = await ctx.request('GET', 'biblioteca/destinatarios', { cookie: otra });
    expect(destinatarios.json.data.users.map((u: { id: number }) => u.id)).not.toContain(await userId(ctx, 'admin'));
  });
});
