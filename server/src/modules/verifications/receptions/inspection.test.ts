import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RECEPTION_CHANGED_EVENT, RECEPTION_OBSERVED_NOTIFICATION } from '#domain/verifications';
import { receptionDetailSchema, receptionItemSchema, type ReceptionDetail } from '#domain/verifications-responses';
import { files, outbox } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { lastEvents, templateRow, THREE_CHECKPOINTS, uploadPng, useTempStorage, userId } from '../test/fixtures.ts';
import { isoDayIn } from './support.ts';

/**
 * docs/api.md Verifications: an inspection through the real routes, with the worked example of a template of three
 * checkpoints (a photo, an observation, nothing): started (the checkpoints copied), answered one by one, refused at the
 * signature with the exact error of each checkpoint, then signed with one failure (observed, one follow-up, the
 * project's staff notified) or none (approved).
 */
let ctx: TestContext;
let cleanup: () => void;
let admin: string;
let inspector: string;
let revisor: string;
let projectId: number;
let templateId: number;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  [admin, inspector, revisor] = await Promise.all(['admin', 'inspector', 'revisor'].map((u) => ctx.login(u)));
  projectId = ctx.seed.projectIds[0];
  templateId = (await templateRow(ctx, { checkpoints: THREE_CHECKPOINTS })).id;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

const send = (method: string, path: string, body?: unknown, cookie = inspector) =>
  ctx.request(method, `verificaciones/${path}`, { cookie, body });

async function programmed(over: Record<string, unknown> = {}): Promise<ReceptionDetail> {
  serial += 1;
  const res = await send(
    'POST',
    'recepciones',
    {
      project_id: projectId,
      code: `INS-${serial}`,
      name: 'Obra gruesa piso 3',
      contractor: 'Constructora Andes',
      template_id: templateId,
      planned_start: '2030-04-01',
      planned_end: '2030-04-02',
      ...over,
    },
    admin,
  );
  expect(res.status, res.text).toBe(201);
  return receptionDetailSchema.parse(res.json.data);
}

async function started(): Promise<ReceptionDetail> {
  const r = await programmed();
  const res = await send('POST', `recepciones/${r.id}/iniciar`, {});
  expect(res.status, res.text).toBe(200);
  return receptionDetailSchema.parse(res.json.data);
}

const answer = async (receptionId: number, itemId: number, body: Record<string, unknown>, cookie = inspector) =>
  send('PUT', `recepciones/${receptionId}/puntos/${itemId}`, body, cookie);

const signBody = async (over: Record<string, unknown> = {}) => ({
  inspector_signature_path: await uploadPng(ctx, inspector),
  contractor_signature_path: await uploadPng(ctx, inspector),
  contractor_signer: 'Pedro Contreras',
  observations: 'Se recibe con observaciones menores',
  ...over,
});

const today = () => isoDayIn(new Date(), 'America/Santiago');

describe('reception.start', () => {
  it('copies the template checkpoints, sets the day and the inspector', async () => {
    const r = await started();
    expect(r).toMatchObject({
      state: 'en_inspeccion',
      started_on: today(),
      inspector: { id: await userId(ctx, 'inspector'), name: 'Matías González Pérez' },
      checkpoint_count: 3,
      answered_count: 0,
      allowed_events: ['reception.sign'],
    });
    expect(r.items.map((i) => [i.position, i.title, i.guidance, i.evidence, i.result])).toEqual([
      [0, 'Plomo de muros', 'Medir con nivel en 3 puntos', 'foto', null],
      [1, 'Limpieza de faena', null, 'observacion', null],
      [2, 'Recintos despejados', null, 'ninguna', null],
    ]);
    // The inspector may not cancel (verificaciones_gestionar); admin may.
    const asAdmin = receptionDetailSchema.parse((await send('GET', `recepciones/${r.id}`, undefined, admin)).json.data);
    expect(asAdmin.allowed_events).toEqual(['reception.sign', 'reception.cancel']);
  });

  it('needs a template (422 on template_id), the permission (403) and programada (409)', async () => {
    const bare = await programmed({ template_id: null });
    const res = await send('POST', `recepciones/${bare.id}/iniciar`, {});
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({
      template_id: 'La recepción no tiene plantilla: asígnele una antes de iniciar la inspección',
    });
    const r = await programmed();
    expect((await send('POST', `recepciones/${r.id}/iniciar`, {}, revisor)).status).toBe(403);
    expect((await send('POST', `recepciones/${r.id}/iniciar`, {})).status).toBe(200);
    const again = await send('POST', `recepciones/${r.id}/iniciar`, {});
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(
      'No se puede iniciar la inspección cuando la recepción está en estado «En inspección»',
    );
  });
});

describe('PUT verificaciones/recepciones/{id}/puntos/{itemId}', () => {
  it('saves the answer, replaces the photos, and is refused out of inspection or for another reception', async () => {
    const r = await programmed();
    expect((await send('POST', `recepciones/${r.id}/iniciar`, {})).status).toBe(200);
    const item = (await send('GET', `recepciones/${r.id}`)).json.data.items[0];
    const first = await uploadPng(ctx, inspector);
    const res = await answer(r.id, item.id, { result: 'cumple', note: 'Bien aplomado', photo_paths: [first] });
    expect(res.status, res.text).toBe(200);
    const saved = receptionItemSchema.parse(res.json.data);
    expect(saved).toMatchObject({ result: 'cumple', note: 'Bien aplomado', photos: [{ path: first }] });
    expect(saved.answered_at).not.toBeNull();
    const [event] = await lastEvents(ctx);
    expect(event.type).toBe(RECEPTION_CHANGED_EVENT);

    // A field left out keeps its value; photo_paths replaces the list, the left-out photo goes back to its uploader.
    const second = await uploadPng(ctx, inspector);
    const replaced = receptionItemSchema.parse((await answer(r.id, item.id, { photo_paths: [second] })).json.data);
    expect(replaced).toMatchObject({ result: 'cumple', note: 'Bien aplomado', photos: [{ path: second }] });
    const [old] = await ctx.db.select().from(files).where(eq(files.path, first));
    expect(old.entityType).toBeNull();
    // Another user's upload, or not an upload at all, is no photo.
    const foreign = await uploadPng(ctx, admin);
    for (const path of [foreign, 'no/existe.png']) {
      const bad = await answer(r.id, item.id, { photo_paths: [path] });
      expect(bad.status).toBe(422);
      expect(bad.json.fields).toEqual({ 'photo_paths.0': 'La foto no es válida: súbala de nuevo como imagen' });
    }
    expect((await answer(r.id, item.id, { result: 'quizas' })).json.fields).toEqual({ result: 'Valor inválido' });

    expect((await answer(r.id, item.id, { result: 'cumple' }, revisor)).status).toBe(403);
    const other = await started();
    expect((await answer(other.id, item.id, { result: 'cumple' })).status).toBe(404);
    const fresh = await programmed();
    const wrongState = await answer(fresh.id, 999_999, { result: 'cumple' });
    expect(wrongState.status).toBe(404);
  });

  it('is 409 while programmed or once signed', async () => {
    const r = await started();
    const items = r.items;
    await answer(r.id, items[0].id, { result: 'no_aplica' });
    await answer(r.id, items[1].id, { result: 'no_aplica' });
    await answer(r.id, items[2].id, { result: 'cumple' });
    expect((await send('POST', `recepciones/${r.id}/firmar`, await signBody())).status).toBe(200);
    const res = await answer(r.id, items[0].id, { result: 'cumple' });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('La recepción no está en inspección: sus puntos ya no se pueden responder');
  });
});

describe('reception.sign', () => {
  it('the worked example: refused per checkpoint, then observed with one follow-up and a notification', async () => {
    const r = await started();
    const [photo, note, none] = r.items;
    const field = (i: { id: number }) => `items.${i.id}`;

    const unanswered = await send('POST', `recepciones/${r.id}/firmar`, await signBody());
    expect(unanswered.status).toBe(422);
    expect(unanswered.json.fields).toEqual({
      [field(photo)]: 'Responda el punto «Plomo de muros»',
      [field(note)]: 'Responda el punto «Limpieza de faena»',
      [field(none)]: 'Responda el punto «Recintos despejados»',
    });

    await answer(r.id, photo.id, { result: 'cumple' });
    await answer(r.id, note.id, { result: 'cumple' });
    await answer(r.id, none.id, { result: 'no_cumple' });
    const evidence = await send('POST', `recepciones/${r.id}/firmar`, await signBody());
    expect(evidence.status).toBe(422);
    expect(evidence.json.fields).toEqual({
      [field(photo)]: 'El punto «Plomo de muros» necesita al menos una foto',
      [field(note)]: 'El punto «Limpieza de faena» necesita una observación',
      [field(none)]: 'El punto «Recintos despejados» necesita una observación',
    });

    await answer(r.id, photo.id, { photo_paths: [await uploadPng(ctx, inspector)] });
    await answer(r.id, note.id, { note: 'Faena limpia' });
    await answer(r.id, none.id, { note: 'Recinto 302 con escombros' });
    const due = await send('POST', `recepciones/${r.id}/firmar`, await signBody());
    expect(due.json.fields).toEqual({ [field(none)]: 'Indique el plazo para corregir el punto «Recintos despejados»' });
    await answer(r.id, none.id, { due_on: '2020-01-01' });
    const past = await send('POST', `recepciones/${r.id}/firmar`, await signBody());
    expect(past.json.fields).toEqual({
      [field(none)]: 'El plazo del punto «Recintos despejados» no puede ser anterior a hoy',
    });
    await answer(r.id, none.id, { due_on: '2100-01-15' });

    // The signatures must be the caller's own fresh uploads, two different images.
    const notMine = await send(
      'POST',
      `recepciones/${r.id}/firmar`,
      await signBody({ inspector_signature_path: await uploadPng(ctx, admin) }),
    );
    expect(notMine.status).toBe(422);
    expect(notMine.json.fields).toEqual({ inspector_signature_path: 'Suba la firma como imagen PNG o JPG' });
    const same = await uploadPng(ctx, inspector);
    const twice = await send(
      'POST',
      `recepciones/${r.id}/firmar`,
      await signBody({ inspector_signature_path: same, contractor_signature_path: same }),
    );
    expect(twice.json.fields).toEqual({ contractor_signature_path: 'Suba la firma como imagen PNG o JPG' });
    expect(
      (await send('POST', `recepciones/${r.id}/firmar`, await signBody({ contractor_signer: '' }))).json.fields,
    ).toEqual({ contractor_signer: 'Este campo es obligatorio' });
    expect((await send('POST', `recepciones/${r.id}/firmar`, await signBody(), revisor)).status).toBe(403);

    const body = await signBody();
    const res = await send('POST', `recepciones/${r.id}/firmar`, body);
    expect(res.status, res.text).toBe(200);
    const signed = receptionDetailSchema.parse(res.json.data);
    expect(signed).toMatchObject({
      state: 'observada',
      signed_on: today(),
      failed_count: 1,
      answered_count: 3,
      open_follow_ups: 1,
      overdue_follow_ups: 0,
      observations: 'Se recibe con observaciones menores',
      allowed_events: [],
      pdf_url: `/api/v2/public/api/verificaciones/recepciones/${r.id}/acta.pdf`,
      inspector_signature: {
        name: 'Matías González Pérez',
        image: { path: body.inspector_signature_path },
      },
      contractor_signature: { name: 'Pedro Contreras', image: { path: body.contractor_signature_path } },
    });
    expect(signed.follow_ups).toEqual([
      expect.objectContaining({
        item_id: none.id,
        title: 'Recintos despejados',
        note: 'Recinto 302 con escombros',
        due_on: '2100-01-15',
        state: 'abierto',
        overdue: false,
        reception_code: r.code,
        allowed_events: ['followUp.close'],
      }),
    ]);

    // The observed notification goes to the project's staff with the module (not the inspector who signed it).
    const [alert] = await ctx.db.select().from(outbox).where(eq(outbox.type, RECEPTION_OBSERVED_NOTIFICATION));
    const payload = alert.payload as { notify?: number[]; link?: string; data: Record<string, unknown> };
    expect(payload.link).toBe(`/verifications/recepcion/${r.id}`);
    expect(payload.data).toMatchObject({ reception_id: r.id, ref: r.code, failed: 1, state: 'observada' });
    expect(payload.notify).toEqual(expect.arrayContaining([await userId(ctx, 'admin'), await userId(ctx, 'revisor')]));
    expect(payload.notify).not.toContain(await userId(ctx, 'ejecutivo'));
    // The live event is last.
    const [last] = await lastEvents(ctx);
    expect(last.type).toBe(RECEPTION_CHANGED_EVENT);
    expect((last.payload as { data: unknown }).data).toEqual({ reception_id: r.id, state: 'observada' });

    const again = await send('POST', `recepciones/${r.id}/firmar`, await signBody());
    expect(again.status).toBe(409);
  });

  it('with no failure the reception is approved and opens nothing', async () => {
    const r = await started();
    await answer(r.id, r.items[0].id, { result: 'cumple', photo_paths: [await uploadPng(ctx, inspector)] });
    await answer(r.id, r.items[1].id, { result: 'no_aplica' });
    await answer(r.id, r.items[2].id, { result: 'cumple' });
    const before = (await ctx.db.select().from(outbox).where(eq(outbox.type, RECEPTION_OBSERVED_NOTIFICATION))).length;
    const res = await send('POST', `recepciones/${r.id}/firmar`, await signBody({ observations: null }));
    expect(res.status, res.text).toBe(200);
    expect(receptionDetailSchema.parse(res.json.data)).toMatchObject({
      state: 'aprobada',
      failed_count: 0,
      follow_ups: [],
      observations: null,
    });
    const after = (await ctx.db.select().from(outbox).where(eq(outbox.type, RECEPTION_OBSERVED_NOTIFICATION))).length;
    expect(after).toBe(before);
  });

  it('a programmed reception cannot be signed (409, before looking at the body)', async () => {
    const r = await programmed();
    const res = await send('POST', `recepciones/${r.id}/firmar`, await signBody());
    expect(res.status).toBe(409);
  });
});
