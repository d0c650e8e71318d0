import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RECEPTION_CHANGED_EVENT } from '#domain/verifications';
import { followUpListSchema, followUpRowSchema, receptionDetailSchema } from '#domain/verifications-responses';
import { activityLog, files, receptionFollowUps } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { inspectedReception, lastEvents, signedReception, uploadPng, useTempStorage } from '../test/fixtures.ts';

/**
 * docs/api.md Verifications: the follow-ups a failed checkpoint opens — the project's list (open first by due date,
 * overdue derived) and closing one with its note and photos, which approves the reception when it was the last open.
 */
let ctx: TestContext;
let cleanup: () => void;
let admin: string;
let inspector: string;
let revisor: string;
let foreign: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  [admin, inspector, revisor, foreign] = await Promise.all(
    ['admin', 'inspector', 'revisor', 'otra'].map((u) => ctx.login(u)),
  );
  projectId = ctx.seed.projectIds[4];
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

const send = (method: string, path: string, body?: unknown, cookie = inspector) =>
  ctx.request(method, `verificaciones/${path}`, { cookie, body });

describe('GET verificaciones/seguimientos', () => {
  it('lists open ones first by due date, flags the overdue, and filters by state', async () => {
    const { reception, items } = await inspectedReception(ctx, {
      projectId,
      results: ['no_cumple', 'no_cumple', 'no_cumple'],
      state: 'observada',
    });
    const row = (i: number, dueOn: string, state: 'abierto' | 'cerrado' = 'abierto') => ({
      companyId: reception.companyId,
      projectId,
      receptionId: reception.id,
      itemId: items[i].id,
      dueOn,
      state,
    });
    const [late, soon, closed] = await ctx.db
      .insert(receptionFollowUps)
      .values([row(0, '2020-02-01'), row(1, '2099-01-01'), row(2, '2000-01-01', 'cerrado')])
      .returning();
    const list = async (query = '') =>
      followUpListSchema.parse(
        (await send('GET', `seguimientos?project_id=${projectId}${query}`, undefined, revisor)).json,
      ).data;
    const all = await list();
    expect(all.map((f) => f.id)).toEqual([late.id, soon.id, closed.id]);
    expect(all.map((f) => f.overdue)).toEqual([true, false, false]);
    expect(all[0]).toMatchObject({ reception_id: reception.id, title: items[0].title, note: 'Revisado' });
    // Read-only: nothing to do.
    expect(all[0].allowed_events).toEqual([]);
    expect((await list('&state=vencido')).map((f) => f.id)).toEqual([late.id]);
    expect((await list('&state=abierto')).map((f) => f.id)).toEqual([late.id, soon.id]);
    expect((await list('&state=cerrado')).map((f) => f.id)).toEqual([closed.id]);
    expect((await send('GET', `seguimientos?project_id=${projectId}&state=otro`)).status).toBe(422);
    expect((await send('GET', `seguimientos?project_id=${ctx.seed.projectIds[2]}`)).status).toBe(404);
    expect((await send('GET', `seguimientos?project_id=${projectId}`, undefined, foreign)).status).toBe(404);
  });
});

describe('POST verificaciones/seguimientos/{id}/cerrar', () => {
  it('closes with a note and photos; the last one open approves the reception', async () => {
    const { id, detail } = await signedReception(ctx, admin, { projectId, code: 'SEG-1', fail: true });
    const [followUp] = receptionDetailSchema.parse(detail).follow_ups;

    expect((await send('POST', `seguimientos/${followUp.id}/cerrar`, { note: 'Ok' }, revisor)).status).toBe(403);
    expect((await send('POST', `seguimientos/${followUp.id}/cerrar`, { note: 'Ok' }, foreign)).status).toBe(404);
    const missing = await send('POST', `seguimientos/${followUp.id}/cerrar`, { note: '' });
    expect(missing.status).toBe(422);
    expect(missing.json.fields).toEqual({ note: 'Este campo es obligatorio' });
    const notMine = await send('POST', `seguimientos/${followUp.id}/cerrar`, {
      note: 'Ok',
      photo_paths: [await uploadPng(ctx, admin)],
    });
    expect(notMine.json.fields).toEqual({ 'photo_paths.0': 'La foto no es válida: súbala de nuevo como imagen' });

    const photo = await uploadPng(ctx, inspector);
    const res = await send('POST', `seguimientos/${followUp.id}/cerrar`, {
      note: 'Escombros retirados',
      photo_paths: [photo],
    });
    expect(res.status, res.text).toBe(200);
    expect(followUpRowSchema.parse(res.json.data)).toMatchObject({
      id: followUp.id,
      state: 'cerrado',
      overdue: false,
      closing_note: 'Escombros retirados',
      closing_photos: [{ path: photo }],
      closed_by: { name: 'Matías González Pérez' },
      allowed_events: [],
    });
    const [file] = await ctx.db.select().from(files).where(eq(files.path, photo));
    expect([file.entityType, file.entityId]).toEqual(['reception_follow_up', followUp.id]);

    const reception = receptionDetailSchema.parse((await send('GET', `recepciones/${id}`)).json.data);
    expect(reception).toMatchObject({ state: 'aprobada', open_follow_ups: 0, failed_count: 1 });
    const history = await ctx.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(history.map((h) => h.action)).toContain('reception.resolve');
    const [event] = await lastEvents(ctx);
    expect(event.type).toBe(RECEPTION_CHANGED_EVENT);
    expect((event.payload as { data: unknown }).data).toEqual({ reception_id: id, state: 'aprobada' });

    const again = await send('POST', `seguimientos/${followUp.id}/cerrar`, { note: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('No se puede cerrar cuando el seguimiento está en estado «Cerrado»');
  });

  it('while another stays open the reception stays observed', async () => {
    const { reception, items } = await inspectedReception(ctx, {
      projectId,
      results: ['no_cumple', 'no_cumple', 'cumple'],
      state: 'observada',
    });
    const [first] = await ctx.db
      .insert(receptionFollowUps)
      .values(
        [0, 1].map((i) => ({
          companyId: reception.companyId,
          projectId,
          receptionId: reception.id,
          itemId: items[i].id,
          dueOn: '2099-01-01',
        })),
      )
      .returning();
    expect((await send('POST', `seguimientos/${first.id}/cerrar`, { note: 'Corregido' })).status).toBe(200);
    const detail = receptionDetailSchema.parse((await send('GET', `recepciones/${reception.id}`)).json.data);
    expect(detail).toMatchObject({ state: 'observada', open_follow_ups: 1 });
    expect(detail.follow_ups.map((f) => f.state)).toEqual(['abierto', 'cerrado']);
  });
});
