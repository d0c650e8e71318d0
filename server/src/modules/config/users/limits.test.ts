import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { mailOutbox, userLimitReaches, users } from '../../../db/schema/index.ts';
import { newUser, userBody, userRefs, type UserRefs } from './test/fixtures.ts';

/** docs/product.md §1/§6/§8: active-user limits per company, project group and project; the import's preview. */
const PROVIDER = 'ventas@proveedor.cl';
let ctx: TestContext;
let refs: UserRefs;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await userRefs(ctx);
  admin = await ctx.login('admin');
  (ctx.deps.config as { providerEmail: string | null }).providerEmail = PROVIDER;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

type Limits = {
  company: { limit: number | null; active: number };
  groups: { id: number; limit: number | null; active: number; name: string }[];
  projects: { id: number; limit: number | null; active: number; name: string; group_id: number }[];
  can_edit: boolean;
};
const limits = async () =>
  (await ctx.request('GET', 'configuracion/usuarios/limites', { cookie: admin })).json.data as Limits;
const putLimits = (body: unknown, cookie = admin) =>
  ctx.request('PUT', 'configuracion/usuarios/limites', { cookie, body });
const providerMails = async () => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, PROVIDER));

describe('active-user limits', () => {
  it('shows each limit with its count of active staff; only the limits flag edits them', async () => {
    const data = await limits();
    const [{ n }] = (await ctx.db.select().from(users).where(eq(users.companyId, ctx.seed.companyId))).reduce(
      (acc, u) => (u.kind === 'staff' && u.isActive && !u.deletedAt ? [{ n: acc[0].n + 1 }] : acc),
      [{ n: 0 }],
    );
    expect(data.company.active).toBe(n);
    expect(data.can_edit).toBe(true);
    expect(data.groups.length).toBeGreaterThan(0);
    const supervisor = await ctx.login('supervisor');
    expect((await putLimits({ company: 100 }, supervisor)).status).toBe(403);
    expect((await putLimits({ projects: [{ id: ctx.seed.otherProjectIds[0], limit: 1 }] })).status).toBe(404);
    expect((await putLimits({ company: -1 })).status).toBe(422);
  });

  it('a project limit refuses the user past it, naming the project; filling it mails the provider once', async () => {
    const project = (await limits()).projects.find((p) => p.id === ctx.seed.projectIds[1])!;
    expect((await putLimits({ projects: [{ id: project.id, limit: project.active + 1 }] })).status).toBe(200);
    const before = (await providerMails()).length;
    await newUser(ctx, admin, refs, { project_ids: [project.id] });
    const mails = await providerMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain(project.name);
    const refused = await ctx.request('POST', 'configuracion/usuarios', {
      cookie: admin,
      body: userBody(ctx, refs, { project_ids: [project.id] }),
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      `Se alcanzó el límite de ${project.active + 1} usuarios activos del proyecto «${project.name}»`,
    );
    expect(await providerMails()).toHaveLength(before + 1);
    // Assigning an existing user to the full project is refused too; elsewhere is fine.
    const other = await newUser(ctx, admin, refs, { project_ids: [ctx.seed.projectIds[2]] });
    const assign = await ctx.request('PATCH', `configuracion/usuarios/${other.id}`, {
      cookie: admin,
      body: { project_ids: [project.id] },
    });
    expect(assign.status).toBe(409);
    expect(assign.json.limit).toMatchObject({ scope: 'project', id: project.id });
    const reaches = await ctx.db.select().from(userLimitReaches).where(eq(userLimitReaches.scopeId, project.id));
    expect(reaches).toHaveLength(1);
    expect(reaches[0].mailId).toBe(mails.at(-1)!.id);
    await putLimits({ projects: [{ id: project.id, limit: null }] });
  });

  it('the company limit refuses enabling past it, naming the company', async () => {
    const user = await newUser(ctx, admin, refs);
    await ctx.request('POST', `configuracion/usuarios/${user.id}/deshabilitar`, { cookie: admin, body: {} });
    const { company } = await limits();
    await putLimits({ company: company.active });
    const res = await ctx.request('POST', `configuracion/usuarios/${user.id}/habilitar`, { cookie: admin, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('de la empresa Inmobiliaria Cordillera SpA');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isActive).toBe(false);
    const create = await ctx.request('POST', 'configuracion/usuarios', { cookie: admin, body: userBody(ctx, refs) });
    expect(create.status).toBe(409);
    await putLimits({ company: null });
    expect(
      (await ctx.request('POST', `configuracion/usuarios/${user.id}/habilitar`, { cookie: admin, body: {} })).status,
    ).toBe(200);
  });

  it('a group limit counts who sees any of its projects', async () => {
    const group = (await limits()).groups[0];
    await putLimits({ groups: [{ id: group.id, limit: group.active }] });
    const project = (await limits()).projects.find((p) => p.group_id === group.id)!;
    const res = await ctx.request('POST', 'configuracion/usuarios', {
      cookie: admin,
      body: userBody(ctx, refs, { project_ids: [project.id] }),
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain(`del grupo de proyectos «${group.name}»`);
    await putLimits({ groups: [{ id: group.id, limit: null }] });
  });
});

async function sheet(rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Usuarios');
  ws.addRow(['Usuario', 'Nombre', 'Apellidos', 'Correo', 'Cargo', 'Perfil', 'Proyectos', 'Contraseña']);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
}
const upload = (path: string, bytes: Uint8Array, lang = 'es') =>
  ctx.app.request(`http://localhost/api/v2/public/api/configuracion/usuarios/${path}`, {
    method: 'POST',
    headers: {
      Cookie: admin,
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/octet-stream',
      'Accept-Language': lang,
    },
    body: bytes as Uint8Array<ArrayBuffer>,
  });

describe('bulk import (preview, then confirm the valid rows)', () => {
  it('previews per-row errors in the caller language and writes nothing', async () => {
    const bytes = await sheet([
      ['imp.uno', 'Ana', 'Pérez', 'ana.imp@cordillera.cl', '', 'Inspector', 'Mirador de Renaca', 'clave-segura-1'],
      ['imp.dos', 'Luis', 'Soto', 'luis@ñandu.cl', '', 'Perfil inventado', '', 'corta'],
      ['imp.uno', 'Otra', 'Vez', '', '', 'Inspector', '*', 'clave-segura-1'],
    ]);
    const count = async () => (await ctx.db.select().from(users)).length;
    const before = await count();
    const res = await upload('importar', bytes);
    expect(res.status).toBe(200);
    const preview = (await res.json()).data;
    expect(preview).toMatchObject({ valid: 1, invalid: 2 });
    expect(preview.rows[0]).toMatchObject({ row: 2, username: 'imp.uno', errors: [] });
    const messages = preview.rows[1].errors.map(
      (e: { column: string; message: string }) => `${e.column}: ${e.message}`,
    );
    expect(messages.some((m: string) => m.startsWith('Correo:'))).toBe(true);
    expect(messages.some((m: string) => m.startsWith('Contraseña:'))).toBe(true);
    expect(preview.rows[2].errors[0]).toEqual({ column: 'Usuario', message: 'Este nombre de usuario ya está en uso' });
    const pt = (await (await upload('importar', bytes, 'pt-BR')).json()).data;
    expect(pt.rows[2].errors[0]).toEqual({ column: 'Usuário', message: 'Este nome de usuário já está em uso' });
    expect(await count()).toBe(before);

    // Confirming an invalid row writes nothing; the valid one alone is written.
    const bad = await upload(`importar/confirmar?token=${preview.token}&rows=2,3`, bytes);
    expect(bad.status).toBe(422);
    expect(await count()).toBe(before);
    const wrongFile = await upload(`importar/confirmar?token=${preview.token}&rows=2`, await sheet([]));
    expect(wrongFile.status).toBe(422);
    const ok = await upload(`importar/confirmar?token=${preview.token}&rows=2`, bytes);
    expect(ok.status).toBe(201);
    expect(await count()).toBe(before + 1);
    const [created] = await ctx.db.select().from(users).where(eq(users.username, 'imp.uno'));
    expect(created).toMatchObject({ firstName: 'Ana', email: 'ana.imp@cordillera.cl' });
  });

  it('reads a semicolon CSV from Excel in Spanish, with its BOM', async () => {
    const csv =
      '\uFEFFUsuario;Nombre;Apellidos;Correo;Cargo;Perfil;Proyectos;Contraseña\r\n' +
      'imp.csv;José;Núñez;;;Inspector;*;clave-segura-1\r\n';
    const res = await upload('importar', new TextEncoder().encode(csv));
    const preview = (await res.json()).data;
    expect(preview).toMatchObject({ valid: 1, invalid: 0, rows: [{ username: 'imp.csv', full_name: 'José Núñez' }] });
  });

  it('an unreadable file is a 422', async () => {
    const res = await upload('importar', new Uint8Array([0, 1, 2, 3]));
    expect(res.status).toBe(422);
  });
});
