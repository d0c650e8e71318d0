import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TestContext } from '../../../test-support.ts';
import { createLocalStorage } from '../../../storage/local.ts';
import type { FichaState } from '#machines/ficha';
import { owners, unitOwners, units } from '../../../db/schema/index.ts';

/** Tests only: a temp local storage for the app, real uploads and seeded units to work on. */
export function useTempStorage(ctx: TestContext) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-deliveries-'));
  ctx.deps.extras.storage = createLocalStorage({ root, secret: ctx.deps.config.signingSecret });
  return () => fs.rmSync(root, { recursive: true, force: true });
}

export const pngBytes = (width = 120, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><path d="M5 40 Q 40 5 60 30 T 115 10" stroke="black" fill="none" stroke-width="3"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

export async function pdfBytes(text = 'Certificado') {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText(text, { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** upload-url then PUT, as the browser's uploader does; returns the stored path. */
export async function upload(
  ctx: TestContext,
  cookie: string,
  body: Buffer,
  request: { extension: string; context?: string; name?: string },
) {
  const signed = await ctx.request('POST', 'files/upload-url', { cookie, body: { ...request, size: body.length } });
  if (signed.status !== 200) throw new Error(`upload-url ${signed.status} ${signed.text}`);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType },
    body: new Uint8Array(body),
  });
  if (put.status >= 300) throw new Error(`PUT ${put.status} ${await put.text()}`);
  return signed.json.data.path as string;
}

/** Seeded units of a project in a delivery state, in id order (to pick fresh ones per test). */
export async function unitsIn(ctx: TestContext, projectId: number, state: FichaState = 'por_entregar') {
  return ctx.db
    .select()
    .from(units)
    .where(and(eq(units.projectId, projectId), eq(units.deliveryState, state)))
    .orderBy(asc(units.id));
}

/** Gives a unit an owner (and optionally links an existing owner account such as 'propietario'). */
export async function giveOwner(ctx: TestContext, unitId: number, opts: { ownerId?: number; name?: string } = {}) {
  const [unit] = await ctx.db.select().from(units).where(eq(units.id, unitId));
  let ownerId = opts.ownerId;
  if (!ownerId) {
    const [o] = await ctx.db
      .insert(owners)
      .values({
        companyId: unit.companyId,
        name: opts.name ?? 'Camila',
        lastName: 'Ibáñez Rojas',
        mail: 'camila@correo.cl',
      })
      .returning();
    ownerId = o.id;
  }
  await ctx.db
    .insert(unitOwners)
    .values({ unitId, ownerId, companyId: unit.companyId, role: 'propietario' })
    .onConflictDoNothing();
  return ownerId;
}

export async function ownersOfUnits(ctx: TestContext, unitIds: number[]) {
  return ctx.db.select().from(unitOwners).where(inArray(unitOwners.unitId, unitIds));
}

/** A future instant on a quarter hour (docs/product.md §9 time picker), `days` from now. */
export function slot(days: number, hours = 0) {
  const d = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}
