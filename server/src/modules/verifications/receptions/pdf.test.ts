import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { API_V2 } from '../../../app.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { receptionRow, signedReception, useTempStorage } from '../test/fixtures.ts';

/**
 * GET verificaciones/recepciones/{id}/acta.pdf: the signed reception's record, read back from its bytes (pdf-lib loads
 * it, pdf.js reads its text) in Spanish and Portuguese; before the signature there is no record (409).
 */
let ctx: TestContext;
let cleanup: () => void;
let admin: string;

async function pdfText(bytes: ArrayBuffer) {
  // pdf.js transfers (detaches) the buffer it reads: give it a copy.
  const parser = new PDFParse({ data: new Uint8Array(bytes.slice(0)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  admin = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

const get = (id: number, headers: Record<string, string> = {}) =>
  ctx.app.request(`${API_V2}/verificaciones/recepciones/${id}/acta.pdf?download=1`, {
    headers: { Cookie: admin, ...headers },
  });

describe('reception PDF record', () => {
  it('carries the project, the reception, every checkpoint, the follow-up, the observations and both signatures', async () => {
    const { id } = await signedReception(ctx, admin, {
      projectId: ctx.seed.projectIds[0],
      code: 'OG/401',
      fail: true,
      dueOn: '2100-01-15',
    });
    const res = await get(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="recepcion-OG_401.pdf"');
    const bytes = await res.arrayBuffer();
    const doc = await PDFDocument.load(new Uint8Array(bytes.slice(0)));
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const text = await pdfText(bytes);
    for (const expected of [
      'Acta de recepción OG/401',
      'Inmobiliaria Cordillera SpA',
      'Obra gruesa piso 4',
      'Torre B, piso 4',
      'Constructora Andes',
      '01-04-2030 - 03-04-2030',
      'Plomo de muros',
      'Limpieza de faena',
      'Recintos despejados',
      'Cumple',
      'No cumple',
      'Recinto 402 con escombros',
      '15-01-2100',
      'Abierto',
      'Se recibe con observaciones menores',
      'Firma del inspector',
      'Firma del contratista',
      'Pedro Contreras',
    ])
      expect(text, expected).toContain(expected);
    // Both signatures and the checkpoint's photo are embedded images.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(3);

    const pt = await pdfText(await (await get(id, { 'Accept-Language': 'pt-BR' })).arrayBuffer());
    for (const expected of ['Termo de recebimento OG/401', 'Não conforme', 'Assinatura do empreiteiro'])
      expect(pt, expected).toContain(expected);
  });

  it('is 409 before the signature', async () => {
    const r = await receptionRow(ctx, { projectId: ctx.seed.projectIds[0] });
    const res = await ctx.request('GET', `verificaciones/recepciones/${r.id}/acta.pdf`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('El acta solo existe para recepciones firmadas');
  });
});
