import fs from 'node:fs';
import sharp from 'sharp';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { files, owners, projectSettings, tickets, unitOwners, units, unitTypes, users } from '../../db/schema/index.ts';
import { PDF, raw, uploadViaPut, useTempStorage } from './test-helpers.ts';

/**
 * Files follow the visibility of the record they belong to (docs/architecture.md §4): a staff user who does not see
 * project P gets 404 for P's message attachments, certificates, plans and logo; an owner reads only the
 * public files of their own units' tickets; a file not yet attached is its uploader's alone.
 */
let ctx: TestContext;
let cleanup: () => void;
let admin: string;
let sup: string;
let agente: string;
let owner: string;
let P: number;
let visible: number;

const get = (p: string, cookie: string) => raw(ctx, `/api/v2/public/files/${p}`, { cookie }).then((r) => r.status);
const del = (p: string, cookie: string) => ctx.request('DELETE', `files/${p}`, { cookie }).then((r) => r.status);

async function png(cookie: string, name: string) {
  const body = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#7a7' } })
    .png()
    .toBuffer();
  const { put } = await uploadViaPut(ctx, cookie, body, {
    extension: 'png',
    name,
    size: body.length,
    context: 'image',
  });
  if (put?.status !== 200) throw new Error(`upload ${put?.status}`);
  return put.json.data as { path: string; name: string; size: number; type: string; url_thumbnail: string };
}

async function pdf(cookie: string, context: string) {
  const { signed, put } = await uploadViaPut(ctx, cookie, PDF, {
    extension: 'pdf',
    name: 'doc.pdf',
    size: PDF.length,
    context,
  });
  if (put?.status !== 200) throw new Error(`upload ${put?.status}`);
  return signed.json.data.path as string;
}

async function message(
  cookie: string,
  ticketId: number,
  visibility: 'public' | 'private',
  file: { path: string; name: string; size: number; type: string },
) {
  const res = await ctx.request('POST', `postventa/solicitudes/${ticketId}/mensajes`, {
    cookie,
    body: { body: 'Adjunto foto', visibility, attachments: [file] },
  });
  if (res.status >= 300) throw new Error(`message ${res.status} ${res.text}`);
}

/** The demo owner account's unit and owner record (seed: propietario owns a unit of demo project 0). */
async function ownersUnit() {
  const [link] = await ctx.db
    .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId, projectId: units.projectId })
    .from(unitOwners)
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .innerJoin(users, eq(users.id, owners.userId))
    .where(eq(users.username, 'propietario'));
  return link;
}

const ticketIn = async (projectId: number) =>
  (await ctx.db.select().from(tickets).where(eq(tickets.projectId, projectId)).orderBy(asc(tickets.id)).limit(1))[0].id;
const unitIn = async (projectId: number) =>
  (await ctx.db.select().from(units).where(eq(units.projectId, projectId)).orderBy(asc(units.id)).limit(1))[0].id;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cleanup } = useTempStorage(ctx));
  [admin, sup, agente, owner] = await Promise.all(
    ['admin', 'supervisor', 'agente', 'propietario'].map((u) => ctx.login(u)),
  );
  // seed roleProjects: agente sees the demo projects 0, 1 and 2, not 4.
  P = ctx.seed.projectIds[4];
  visible = ctx.seed.projectIds[1];
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('staff read the files of the records they see, nothing else', () => {
  it('message attachments, certificates, plans and the logo of a hidden project are 404; the uploader and an admin read them', async () => {
    const ticket = await ticketIn(P);
    const priv = await png(sup, 'privada.png');
    await message(sup, ticket, 'private', priv);
    const pub = await png(sup, 'publica.png');
    await message(sup, ticket, 'public', pub);
    const certificate = await pdf(sup, 'certificate');
    expect(
      (
        await ctx.request('POST', `entregas/fichas/${await unitIn(P)}/archivos`, {
          cookie: sup,
          body: { paths: [certificate] },
        })
      ).status,
    ).toBe(201);
    const plan = await pdf(sup, 'general');
    const [type] = await ctx.db.select().from(unitTypes).where(eq(unitTypes.companyId, ctx.seed.companyId)).limit(1);
    expect(
      (
        await ctx.request('POST', `entregas/proyectos/${P}/configuracion/planos`, {
          cookie: sup,
          body: { unit_type_id: type.id, paths: [plan] },
        })
      ).status,
    ).toBe(201);
    const logo = await png(sup, 'logo.png');
    expect(
      (
        await ctx.request('PUT', `entregas/proyectos/${P}/configuracion/logo`, {
          cookie: sup,
          body: { logo_path: logo.path },
        })
      ).status,
    ).toBe(200);

    const thumbnail = priv.url_thumbnail.replace('/api/v2/public/files/', '');
    for (const p of [priv.path, thumbnail, pub.path, certificate, plan, logo.path]) {
      expect(await get(p, agente), p).toBe(404);
      expect(await del(p, agente), p).toBe(404);
      expect(await get(p, sup), p).toBe(200);
      expect(await get(p, admin), p).toBe(200);
    }
    const confirm = await ctx.request('POST', 'files/confirm', { cookie: agente, body: { path: priv.path } });
    expect(confirm.status).toBe(404);
  });

  it('the same kinds of files in a project the user sees are readable', async () => {
    const ticket = await ticketIn(visible);
    const priv = await png(sup, 'privada-visible.png');
    await message(sup, ticket, 'private', priv);
    const certificate = await pdf(sup, 'certificate');
    await ctx.request('POST', `entregas/fichas/${await unitIn(visible)}/archivos`, {
      cookie: sup,
      body: { paths: [certificate] },
    });
    expect(await get(priv.path, agente)).toBe(200);
    expect(await get(certificate, agente)).toBe(200);
  });

  it('a file not attached yet is read by its uploader only, not even by an admin', async () => {
    const loose = await pdf(sup, 'general');
    expect(await get(loose, sup)).toBe(200);
    expect(await get(loose, agente)).toBe(404);
    expect(await get(loose, admin)).toBe(404);
    // Nobody else can attach it to a record of theirs either (that would hand it to their audience).
    const ticket = await ticketIn(visible);
    const taken = await ctx.request('POST', `postventa/solicitudes/${ticket}/mensajes`, {
      cookie: admin,
      body: {
        body: 'x',
        visibility: 'private',
        attachments: [{ path: loose, name: 'doc.pdf', size: PDF.length, type: 'application/pdf' }],
      },
    });
    expect(taken.status).toBe(422);
  });

  it("a representative's signature is read by staff who see a ficha it signs; otherwise by its user only", async () => {
    // 'ejecutivo' (entregas_gestionar; demo projects 0, 1, 2 and 4) has signed no seeded act.
    const ejecutivo = await ctx.login('ejecutivo');
    const signature = await png(ejecutivo, 'firma.png');
    expect((await ctx.request('PUT', 'auth/firma', { cookie: ejecutivo, body: { path: signature.path } })).status).toBe(
      200,
    );
    expect(await get(signature.path, agente)).toBe(404);
    const [owned] = await ctx.db
      .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId })
      .from(unitOwners)
      .innerJoin(units, eq(units.id, unitOwners.unitId))
      .where(and(eq(units.projectId, visible), eq(units.deliveryState, 'por_entregar')))
      .limit(1);
    const ownerSignature = await png(ejecutivo, 'firma-propietario.png');
    const delivered = await ctx.request('POST', `entregas/fichas/${owned.unitId}/entregar`, {
      cookie: ejecutivo,
      body: {
        delivery_date: '2030-03-04',
        attendees: [{ owner_id: owned.ownerId, role: 'propietario' }],
        owner_signature_path: ownerSignature.path,
        representative_signs: true,
      },
    });
    expect(delivered.status, delivered.text).toBe(200);
    expect(await get(signature.path, agente)).toBe(200);
    expect(await get(ownerSignature.path, agente)).toBe(200);
    expect(await get(signature.path, await ctx.login('inspector'))).toBe(200); // sees demo project 1 too
    expect(await get(signature.path, await ctx.login('revisor'))).toBe(404); // demo projects 0 and 4 only
    expect(await get(ownerSignature.path, owner)).toBe(404);
    // A signature that signed nothing the caller sees stays its user's.
    const own = await png(admin, 'firma-admin.png');
    expect((await ctx.request('PUT', 'auth/firma', { cookie: admin, body: { path: own.path } })).status).toBe(200);
    expect(await get(own.path, agente)).toBe(404);
    expect(await get(own.path, admin)).toBe(200);
    // Only an upload the caller may read becomes their signature.
    expect((await ctx.request('PUT', 'auth/firma', { cookie: agente, body: { path: own.path } })).status).toBe(404);
  });
});

describe("owners read the public files of their own units' tickets", () => {
  it("public attachment yes, private attachment no, another owner's no", async () => {
    const { unitId, ownerId } = await ownersUnit();
    const created = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: admin,
      body: {
        unit_id: unitId,
        applicant_owner_id: ownerId,
        origin: 'CALL',
        subject: 'Humedad en muro',
        message: 'Se observa humedad',
      },
    });
    const ticket = created.json.data;
    const pub = await png(admin, 'publica.png');
    await message(admin, ticket.id, 'public', pub);
    const priv = await png(admin, 'privada.png');
    await message(admin, ticket.id, 'private', priv);
    expect(await get(pub.path, owner)).toBe(200);
    expect(await get(priv.path, owner)).toBe(404);
    expect(await get(priv.url_thumbnail.replace('/api/v2/public/files/', ''), owner)).toBe(404);
    expect(await get(pub.url_thumbnail.replace('/api/v2/public/files/', ''), owner)).toBe(200);
    expect(await get(pub.path, await ctx.login('propietario2'))).toBe(404);
    expect(await del(pub.path, owner)).toBe(404);
  });

  it("the portal shows the logo of the owner's own projects only", async () => {
    const { projectId } = await ownersUnit();
    const logo = await png(sup, 'logo-propio.png');
    expect(
      (
        await ctx.request('PUT', `entregas/proyectos/${projectId}/configuracion/logo`, {
          cookie: sup,
          body: { logo_path: logo.path },
        })
      ).status,
    ).toBe(200);
    expect(await get(logo.path, owner)).toBe(200);
    const other = await png(sup, 'logo-ajeno.png');
    expect(
      (
        await ctx.request('PUT', `postventa/proyectos/${P}/configuracion`, {
          cookie: sup,
          body: { logo_path: other.path },
        })
      ).status,
    ).toBe(200);
    expect(await get(other.path, owner)).toBe(404);
    expect(await get(other.path, agente)).toBe(404);
    expect(await get(other.path, admin)).toBe(200);
  });

  it('a post-sale logo must be an image the caller may read', async () => {
    const loose = await pdf(admin, 'general');
    const res = await ctx.request('PUT', `postventa/proyectos/${visible}/configuracion`, {
      cookie: sup,
      body: { logo_path: loose },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fields)).toEqual(['logo_path']);
  });
});

describe('files stored before they were linked (migration 0008)', () => {
  it('a project logo and a profile signature saved earlier get linked to their record', async () => {
    const logo = await png(sup, 'logo-antiguo.png');
    const signature = await png(sup, 'firma-antigua.png');
    await ctx.db.update(projectSettings).set({ logoPath: logo.path }).where(eq(projectSettings.projectId, visible));
    await ctx.db.update(users).set({ signaturePath: signature.path }).where(eq(users.username, 'supervisor'));
    expect(await get(logo.path, agente)).toBe(404);
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0008_file_owner_links.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));
    expect(await get(logo.path, agente)).toBe(200);
    const [linked] = await ctx.db.select().from(files).where(eq(files.path, signature.path));
    expect(linked).toMatchObject({ entityType: 'user_signature', entityId: expect.any(Number) });
  });
});
