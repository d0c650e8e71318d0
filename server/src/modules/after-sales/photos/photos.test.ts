import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { recordPhotosSchema } from '#domain/tickets-responses';
import { dataOf } from '#domain/responses';
import { files, outbox } from '../../../db/schema/index.ts';
import { demoIds, newTicket, uploadPhoto, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
let owner: string;
let tree: any;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
  owner = await ctx.login('propietario');
  tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: agent })).json.data;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const firstType = () => tree.areas[0].places[0].items[0].failures[0].id;
const mark = (cookie: string, url: string, body: unknown) =>
  ctx.request('POST', `postventa/solicitudes/${url}/marcadas`, { cookie, body });
const fileRow = async (path: string) => (await ctx.db.select().from(files).where(eq(files.path, path)))[0];

/** A working ticket with a failure holding two photos. */
async function failureWithPhotos() {
  const ticket = await newTicket(ctx, agent, ids, { state: 'en_proceso' });
  const photos = [await uploadPhoto(ctx, agent, 'fisura.png'), await uploadPhoto(ctx, agent, 'muro.png')];
  const res = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
    cookie: agent,
    body: { failure_type_id: firstType(), attachments: photos },
  });
  if (res.status !== 201) throw new Error(res.text);
  return { ticket, failureId: res.json.data.id as number, photos };
}
const failureOf = async (ticketId: number, failureId: number) =>
  (await ctx.request('GET', `postventa/solicitudes/${ticketId}/fallas`, { cookie: agent })).json.data.find(
    (f: any) => f.id === failureId,
  );

describe('marked copies (docs/product.md §2 image viewer, "Marcar")', () => {
  it('a marked copy joins the failure beside its original, which is unchanged; the copy remembers its source', async () => {
    const { ticket, failureId, photos } = await failureWithPhotos();
    const original = await fileRow(photos[0].path);
    const copy = await uploadPhoto(ctx, agent, 'fisura (marcada).png');
    const res = await mark(agent, `${ticket.id}/fallas/${failureId}`, { source: photos[0].path, path: copy.path });
    expect(res.status).toBe(201);
    // The answer is the domain's shape, all of it (docs/modules.md §1 response schemas).
    expect(dataOf(recordPhotosSchema).parse(res.json)).toEqual(res.json);
    expect(res.json.data.attachments.map((a: any) => a.name)).toEqual([
      'fisura.png',
      'fisura (marcada).png',
      'muro.png',
    ]);
    const failure = await failureOf(ticket.id, failureId);
    expect(failure.attachments).toEqual(res.json.data.attachments);
    expect(failure.attachments[0]).toEqual(photos[0]);
    expect(await fileRow(photos[0].path)).toEqual(original);
    const stored = await fileRow(copy.path);
    expect(stored).toMatchObject({ markedFromId: original.id, entityType: 'ticket', entityId: ticket.id });
    // The owner reads the copy as any photo of their ticket.
    const read = await ctx.app.request(`/api/v2/public/files/${copy.path}`, { headers: { cookie: owner } });
    expect(read.status).toBe(200);
    const [event] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(event.type).toBe('ticket.updated');
    expect((event.payload as any).data).toMatchObject({ record: 'failure', failureId, source: photos[0].path });
  });

  it('messages, visit results and ACs take marked copies the same way; a private message’s copy stays staff-only', async () => {
    const { ticket, failureId, photos } = await failureWithPhotos();
    const notePhoto = await uploadPhoto(ctx, agent, 'nota.png');
    const note = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/mensajes`, {
      cookie: agent,
      body: { body: 'Revisar', visibility: 'private', attachments: [notePhoto] },
    });
    const noteCopy = await uploadPhoto(ctx, agent, 'nota (marcada).png');
    const onNote = await mark(agent, `${ticket.id}/mensajes/${note.json.data.id}`, {
      source: notePhoto.path,
      path: noteCopy.path,
    });
    expect(onNote.status).toBe(201);
    expect(await fileRow(noteCopy.path)).toMatchObject({ entityType: 'ticket_private' });
    const timeline = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/actividad`, { cookie: agent })).json
      .data;
    expect(timeline.find((e: any) => e.id === `m${note.json.data.id}`).archivos.map((a: any) => a.name)).toEqual([
      'nota.png',
      'nota (marcada).png',
    ]);

    // A visit's result.
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(13, 0, 0, 0);
    const order = (
      await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi`, {
        cookie: agent,
        body: {
          responsible_id: ids.agente,
          failure_ids: [failureId],
          start_at: start.toISOString(),
          duration_minutes: 60,
        },
      })
    ).json.data;
    await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi/${order.id}/confirmar`, {
      cookie: agent,
      body: {},
    });
    const resultPhoto = await uploadPhoto(ctx, agent, 'visita.png');
    const managed = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi/${order.id}/gestionar`, {
      cookie: agent,
      body: { results: [{ failure_id: failureId, result: 'solucionada', attachments: [resultPhoto] }] },
    });
    expect(managed.status).toBe(200);
    const resultCopy = await uploadPhoto(ctx, agent, 'visita (marcada).png');
    const onResult = await mark(agent, `${ticket.id}/oi/${order.id}/fallas/${failureId}`, {
      source: resultPhoto.path,
      path: resultCopy.path,
    });
    expect(onResult.status).toBe(201);
    const view = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/oi/${order.id}`, { cookie: agent })).json
      .data;
    expect(view.failures[0].attachments.map((a: any) => a.name)).toEqual(['visita.png', 'visita (marcada).png']);
    // The owner's portal shows the visit's result photos, the copy beside its original.
    const portal = (await ctx.request('GET', `postventa/portal/solicitudes/${ticket.id}`, { cookie: owner })).json.data;
    expect(portal.visits.find((v: any) => v.id === order.id).result_photos.map((a: any) => a.name)).toEqual([
      'visita.png',
      'visita (marcada).png',
    ]);
    expect(portal.failures.find((f: any) => f.id === failureId).attachments).toHaveLength(2);
    // The same result through the other kind of order is not there.
    expect(
      (
        await mark(agent, `${ticket.id}/ot/${order.id}/fallas/${failureId}`, {
          source: resultPhoto.path,
          path: resultCopy.path,
        })
      ).status,
    ).toBe(404);

    // The AC the solved failure opened, answered with a photo.
    const [ac] = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ac`, { cookie: agent })).json.data;
    const acPhoto = await uploadPhoto(ctx, agent, 'acta.png');
    const replied = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac/${ac.id}/responder`, {
      cookie: agent,
      body: { result: 'conforme', attachments: [acPhoto] },
    });
    expect(replied.status).toBe(200);
    const acCopy = await uploadPhoto(ctx, agent, 'acta (marcada).png');
    const onAc = await mark(agent, `${ticket.id}/ac/${ac.id}`, { source: acPhoto.path, path: acCopy.path });
    expect(onAc.status).toBe(201);
    const acs = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ac`, { cookie: agent })).json.data;
    expect(acs[0].attachments.map((a: any) => a.name)).toEqual(['acta.png', 'acta (marcada).png']);
    expect(photos).toHaveLength(2);
  });

  it('422: a source that is not the record’s photo, a copy that is not a fresh image of the caller, a missing field', async () => {
    const { ticket, failureId, photos } = await failureWithPhotos();
    const url = `${ticket.id}/fallas/${failureId}`;
    const copy = await uploadPhoto(ctx, agent, 'copia.png');
    const stranger = await uploadPhoto(ctx, agent, 'otra.png');
    const wrongSource = await mark(agent, url, { source: stranger.path, path: copy.path });
    expect(wrongSource.status).toBe(422);
    expect(wrongSource.json.fields.source).toBe('La imagen original no es una foto de este registro');
    // Already attached (the record's own photo), or uploaded by someone else: not a fresh copy.
    const attached = await mark(agent, url, { source: photos[0].path, path: photos[1].path });
    expect(attached.status).toBe(422);
    expect(attached.json.fields.path).toBe('La imagen marcada debe ser una imagen .png o .jpg recién subida por usted');
    const admin = await ctx.login('admin');
    const othersUpload = await uploadPhoto(ctx, admin, 'ajena.png');
    expect((await mark(agent, url, { source: photos[0].path, path: othersUpload.path })).status).toBe(422);
    const missing = await mark(agent, url, { source: photos[0].path });
    expect(missing.status).toBe(422);
    expect(missing.json.fields.path).toBe('Este campo es obligatorio');
    // Nothing changed.
    expect((await failureOf(ticket.id, failureId)).attachments).toEqual(photos);
  });

  it('404 for a record of another ticket or another company; 403 without the right to add photos', async () => {
    const { ticket, failureId, photos } = await failureWithPhotos();
    const other = await failureWithPhotos();
    const copy = await uploadPhoto(ctx, agent, 'copia.png');
    const body = { source: photos[0].path, path: copy.path };
    expect((await mark(agent, `${other.ticket.id}/fallas/${failureId}`, body)).status).toBe(404);
    expect((await mark(agent, `${ticket.id}/ac/999999`, body)).status).toBe(404);
    const foreign = await ctx.login('otra');
    expect((await mark(foreign, `${ticket.id}/fallas/${failureId}`, body)).status).toBe(404);
    const reader = await staffWith(ctx, 'solo-lectura-fotos', ['modulo_postventa', 'todos_los_proyectos']);
    expect((await mark(reader, `${ticket.id}/fallas/${failureId}`, body)).status).toBe(403);
    // A public message reaches the owner: marking its photo needs the right to write to them.
    const photo = await uploadPhoto(ctx, agent, 'publica.png');
    const message = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/mensajes`, {
      cookie: agent,
      body: { body: 'Hola', visibility: 'public', attachments: [photo] },
    });
    const manager = await staffWith(ctx, 'gestiona-sin-mensajes', [
      'modulo_postventa',
      'todos_los_proyectos',
      'postventa_gestionar',
      'postventa_supervisar',
    ]);
    const managerCopy = await uploadPhoto(ctx, manager, 'publica (marcada).png');
    const refused = await mark(manager, `${ticket.id}/mensajes/${message.json.data.id}`, {
      source: photo.path,
      path: managerCopy.path,
    });
    expect(refused.status).toBe(403);
  });
});
