import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { and, eq } from 'drizzle-orm';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { API_V2 } from '../../../app.ts';
import { acViewSchema, portalAcSchema } from '#domain/acs-responses';
import { acs, files, notifications } from '../../../db/schema/index.ts';
import { demoIds, newTicket, uploadPhoto, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
let owner: string;
let failureTypeId: number;
beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
  owner = await ctx.login('propietario');
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: agent })).json.data;
  failureTypeId = tree.areas[2].places[0].items[0].failures[0].id;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

/** A ticket with one failure (with a photo) solved, so its AC exists; answered `result` unless null. */
async function answeredAc(result: 'conforme' | 'no_conforme' | 'rechazada' | null = 'conforme') {
  const ticket = await newTicket(ctx, agent, ids, { state: 'en_proceso' });
  const photo = await uploadPhoto(ctx, agent, 'muro.png');
  const failure = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
    cookie: agent,
    body: { failure_type_id: failureTypeId, description: 'Humedad en el muro', attachments: [photo] },
  });
  expect(failure.status, failure.text).toBe(201);
  const solved = await ctx.request(
    'POST',
    `postventa/solicitudes/${ticket.id}/fallas/${failure.json.data.id}/resultado`,
    { cookie: agent, body: { outcome: 'solucionada' } },
  );
  const acId = solved.json.data.ac_id as number;
  if (result) {
    const reply = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac/${acId}/responder`, {
      cookie: agent,
      body: { result, reply: result === 'conforme' ? undefined : 'Persiste la humedad' },
    });
    expect(reply.status, reply.text).toBe(200);
  }
  return { ticketId: ticket.id as number, ticketCode: ticket.code as string, acId };
}

const staffUrl = (ticketId: number, acId: number, tail: string) =>
  `postventa/solicitudes/${ticketId}/ac/${acId}/${tail}`;
const portalUrl = (ticketId: number, acId: number, tail: string) =>
  `postventa/portal/solicitudes/${ticketId}/ac/${acId}/${tail}`;

async function pdfOf(cookie: string, url: string) {
  const res = await ctx.app.request(`${API_V2}/${url}`, { headers: { Cookie: cookie } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const parser = new PDFParse({ data: bytes.slice(0) });
  try {
    return { res, bytes, text: (await parser.getText()).text };
  } finally {
    await parser.destroy();
  }
}
/**
 * Pictures in a pdf-lib document: its image XObjects (streams are never packed into object streams, so their
 * dictionaries show) less the soft masks that carry a PNG's transparency.
 */
const imagesIn = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString('latin1');
  return text.split('/Subtype /Image').length - text.split('/SMask ').length;
};

describe('AC sign-off (docs/product.md#ac-sign-off)', () => {
  it('the agent signs with the owner in front: the signed PDF is stored once, with the signature, as a ticket file', async () => {
    const { ticketId, ticketCode, acId } = await answeredAc('conforme');
    const preview = await pdfOf(agent, staffUrl(ticketId, acId, 'pdf'));
    expect(preview.res.status).toBe(200);
    expect(preview.res.headers.get('content-type')).toBe('application/pdf');
    expect(preview.text).toContain('VISTA PREVIA');
    expect(preview.text).toContain(ticketCode);
    expect(preview.text).toContain('Humedad en el muro');
    // The failure's photo is in the act, as a thumbnail.
    expect(imagesIn(preview.bytes)).toBeGreaterThanOrEqual(1);

    const signature = await uploadPhoto(ctx, agent, 'firma.png');
    const res = await ctx.request('POST', staffUrl(ticketId, acId, 'firmar'), {
      cookie: agent,
      body: { signer_name: '  Marcela Ríos  ', signature_path: signature.path },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      id: acId,
      state: 'conforme',
      signer_name: 'Marcela Ríos',
      signed_via: 'agente',
      signed_by: { id: ids.agente },
    });
    expect(res.json.data.allowed_events).not.toContain('ac.sign');
    // The answer and the list parse with the contract (domain/acs-responses.ts).
    expect(acViewSchema.parse(res.json.data)).toEqual(res.json.data);
    const pdfPath = res.json.data.signed_pdf.path as string;

    // Stored once, attached to the ticket (registry.fileAccess('ticket')): the owner reads it like the ticket's photos.
    const [stored] = await ctx.db.select().from(files).where(eq(files.path, pdfPath));
    expect(stored).toMatchObject({ entityType: 'ticket', entityId: ticketId, status: 'uploaded', extension: 'pdf' });
    const [sigFile] = await ctx.db.select().from(files).where(eq(files.path, signature.path));
    expect(sigFile).toMatchObject({ entityType: 'ticket', entityId: ticketId });
    const signed = await pdfOf(agent, staffUrl(ticketId, acId, 'pdf'));
    expect(signed.text).not.toContain('VISTA PREVIA');
    expect(signed.text).toContain('Marcela Ríos');
    expect(signed.text).toContain('Firma del propietario');
    // One more image than the preview: the owner's signature.
    expect(imagesIn(signed.bytes)).toBe(imagesIn(preview.bytes) + 1);
    const file = await ctx.app.request(`${API_V2.replace(/\/api$/, '')}/files/${pdfPath}`, {
      headers: { Cookie: owner },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(signed.bytes))).toBe(true);

    // Listed with the ticket's documents: a public activity entry carrying the PDF, for staff and the owner.
    for (const [cookie, url] of [
      [agent, `postventa/solicitudes/${ticketId}/actividad`],
      [owner, `postventa/portal/solicitudes/${ticketId}/actividad`],
    ]) {
      const timeline = await ctx.request('GET', url, { cookie });
      const entry = timeline.json.data.find((e: any) => e.tipo.kind === 'document');
      expect(entry.tipo.nombre).toBe('Documento');
      expect(entry.text).toMatch(/^Acta AC-.* firmada por Marcela Ríos$/);
      expect(entry.archivos).toEqual([expect.objectContaining({ path: pdfPath, type: 'application/pdf' })]);
    }

    // A signed act is not signed again: 409 with its own words, and nothing changes.
    const again = await ctx.request('POST', staffUrl(ticketId, acId, 'firmar'), {
      cookie: agent,
      body: { signer_name: 'Otra Persona', signature_path: signature.path },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('El acta ya está firmada: una firma no se repite');
    const [row] = await ctx.db.select().from(acs).where(eq(acs.id, acId));
    expect(row.signerName).toBe('Marcela Ríos');
    expect(row.signedPdfPath).toBe(pdfPath);
  });

  it('needs the answer first, and a rejected act is the owner refusing it: 409 naming the state', async () => {
    const signature = await uploadPhoto(ctx, agent, 'firma.png');
    const pending = await answeredAc(null);
    const res = await ctx.request('POST', staffUrl(pending.ticketId, pending.acId, 'firmar'), {
      cookie: agent,
      body: { signer_name: 'Marcela Ríos', signature_path: signature.path },
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('Pendiente');
    const rejected = await answeredAc('rechazada');
    const refused = await ctx.request('POST', staffUrl(rejected.ticketId, rejected.acId, 'firmar'), {
      cookie: agent,
      body: { signer_name: 'Marcela Ríos', signature_path: signature.path },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('Rechazada');
    // A non-conforming act is signed like a conforming one.
    const disapproved = await answeredAc('no_conforme');
    const ok = await ctx.request('POST', staffUrl(disapproved.ticketId, disapproved.acId, 'firmar'), {
      cookie: agent,
      body: { signer_name: 'Marcela Ríos', signature_path: signature.path },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('422 per field, 403 without the manage permission, 404 for a foreign AC or ticket', async () => {
    const { ticketId, acId } = await answeredAc('conforme');
    const empty = await ctx.request('POST', staffUrl(ticketId, acId, 'firmar'), { cookie: agent, body: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.fields).sort()).toEqual(['signature_path', 'signer_name']);
    // Not an upload of the caller's, or not a PNG: the signature is refused on its field.
    const notMine = await ctx.request('POST', staffUrl(ticketId, acId, 'firmar'), {
      cookie: agent,
      body: { signer_name: 'Marcela Ríos', signature_path: '1/2020/01/nada.png' },
    });
    expect(notMine.status).toBe(422);
    expect(notMine.json.fields.signature_path).toBe('La firma debe ser una imagen PNG dibujada en pantalla');

    const signature = await uploadPhoto(ctx, agent, 'firma.png');
    const body = { signer_name: 'Marcela Ríos', signature_path: signature.path };
    const reader = await staffWith(ctx, 'solo-lectura-ac', ['modulo_postventa', 'todos_los_proyectos']);
    expect((await ctx.request('POST', staffUrl(ticketId, acId, 'firmar'), { cookie: reader, body })).status).toBe(403);
    const other = await ctx.login('otra');
    expect((await ctx.request('POST', staffUrl(ticketId, acId, 'firmar'), { cookie: other, body })).status).toBe(404);
    expect(
      (await ctx.app.request(`${API_V2}/${staffUrl(ticketId, acId, 'pdf')}`, { headers: { Cookie: other } })).status,
    ).toBe(404);
    expect((await ctx.request('POST', staffUrl(ticketId, 999_999, 'firmar'), { cookie: agent, body })).status).toBe(
      404,
    );
    const [row] = await ctx.db.select().from(acs).where(eq(acs.id, acId));
    expect(row.signedAt).toBeNull();
  });

  it('the owner previews and signs their own unit’s act in the portal; the agent is notified; others get 404', async () => {
    const { ticketId, acId } = await answeredAc('conforme');
    const detail = await ctx.request('GET', `postventa/portal/solicitudes/${ticketId}`, { cookie: owner });
    expect(detail.json.data.acs).toEqual([
      expect.objectContaining({ id: acId, state: 'conforme', can_sign: true, signed_at: null }),
    ]);
    expect(portalAcSchema.array().parse(detail.json.data.acs)).toEqual(detail.json.data.acs);
    const preview = await pdfOf(owner, portalUrl(ticketId, acId, 'pdf'));
    expect(preview.res.status).toBe(200);
    expect(preview.text).toContain('VISTA PREVIA');

    const signature = await uploadPhoto(ctx, owner, 'firma.png');
    const body = { signer_name: 'Propietaria Demo', signature_path: signature.path };
    // Another owner's account: the act of a unit that is not theirs does not exist for them.
    const stranger = await ctx.login('propietario2');
    expect((await ctx.request('POST', portalUrl(ticketId, acId, 'firmar'), { cookie: stranger, body })).status).toBe(
      404,
    );
    expect(
      (await ctx.app.request(`${API_V2}/${portalUrl(ticketId, acId, 'pdf')}`, { headers: { Cookie: stranger } }))
        .status,
    ).toBe(404);

    const res = await ctx.request('POST', portalUrl(ticketId, acId, 'firmar'), { cookie: owner, body });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      id: acId,
      signed_via: 'portal',
      signer_name: 'Propietaria Demo',
      can_sign: false,
    });
    expect(portalAcSchema.parse(res.json.data)).toEqual(res.json.data);
    const signed = await pdfOf(owner, portalUrl(ticketId, acId, 'pdf'));
    expect(signed.text).toContain('Propietaria Demo');
    expect(imagesIn(signed.bytes)).toBe(imagesIn(preview.bytes) + 1);

    const twice = await ctx.request('POST', portalUrl(ticketId, acId, 'firmar'), { cookie: owner, body });
    expect(twice.status).toBe(409);

    // The agent (the ticket's responsible, who recorded the answer) hears of it.
    await ctx.events!.consumer('notifications').idle();
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.agente), eq(notifications.type, 'ac.signed')));
    expect(told.filter((n) => n.link === `/warranties/solicitud/${ticketId}/ac`)).toHaveLength(1);
  });
});
