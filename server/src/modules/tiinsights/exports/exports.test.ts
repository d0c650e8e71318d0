import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dataExportSchema } from '#domain/insights-responses';
import { auditLog, dataExports, owners, tickets, unitOwners, units, users } from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/client.ts';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { isCredentialColumn } from './credentials.ts';
import { signedExportUrl } from './link.ts';
import { csvField, tableCsv } from './table-csv.ts';
import { exportTables } from './tables.ts';
import { parseCsv, unzipEntries } from './test-helpers.ts';

/**
 * A company's data export in /tiinsights (routes.ts): only `dbdump` reaches it; the zip holds that company's rows of
 * every company table and nobody else's, never a credential column, with a manifest that counts them; the signed
 * link is refused when changed or expired; creation and download are in the company's audit trail.
 */
let ctx: TestContext;
const cookies: Record<string, string> = {};
const API = '/api/v2/public/api';

beforeAll(async () => {
  ctx = await createTestContext();
  for (const u of ['soporte', 'admin']) cookies[u] = await ctx.login(u);
  cookies.ryr = await staffWith(ctx, 'solo_ryr', ['ryr', 'todos_los_proyectos']);
  // Both companies hold tickets, one with a subject and message that need CSV quoting.
  await newTicket(
    ctx.seed.companyId,
    'admin',
    'Filtración, "baño" principal',
    'Primera línea\r\nsegunda, con "comillas"',
  );
  for (const subject of ['Grieta en muro', 'Puerta descuadrada'])
    await newTicket(ctx.seed.otherCompanyId, 'otra', subject, 'Informado por la propietaria.');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** A ticket on the company's first unit, from a new owner of it, created through the API by `username`. */
async function newTicket(companyId: number, username: string, subject: string, message: string) {
  const [unit] = await ctx.db.select().from(units).where(eq(units.companyId, companyId)).orderBy(units.id).limit(1);
  const [owner] = await ctx.db.insert(owners).values({ companyId, name: 'Rosa', lastName: 'Muñoz' }).returning();
  await ctx.db.insert(unitOwners).values({ companyId, unitId: unit.id, ownerId: owner.id });
  const [staff] = await ctx.db.select().from(users).where(eq(users.username, username));
  const body = {
    unit_id: unit.id,
    applicant_owner_id: owner.id,
    origin: 'CALL',
    responsible_id: staff.id,
    subject,
    message,
  };
  const res = await ctx.request('POST', 'postventa/solicitudes', { cookie: await ctx.login(username), body });
  if (res.status !== 201) throw new Error(`create ticket: ${res.status} ${res.text}`);
}

const as = (user: string) => (method: string, path: string) =>
  ctx.request(method, `tiinsights/${path}`, { cookie: cookies[user] });

/** GETs a signed link as the client opens it (a v2 path): status, headers and the body's bytes. */
async function download(url: string, user = 'soporte') {
  const res = await ctx.app.request(`${API}/${url}`, { headers: { Cookie: cookies[user] } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const countOf = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: string }>(await ctx.db.execute(query))[0].n);

/** How many rows of a table belong to the company, counted straight in the database. */
function companyRows(table: ReturnType<typeof exportTables>[number], companyId: number) {
  const t = sql.identifier(table.name);
  const { scope } = table;
  if (scope.kind === 'company_row') return countOf(sql`select count(*) as n from ${t} where id = ${companyId}`);
  if (scope.kind === 'company_id') return countOf(sql`select count(*) as n from ${t} where company_id = ${companyId}`);
  return countOf(
    sql`select count(*) as n from ${t} where ${sql.identifier(scope.column)} in (select ${sql.identifier(scope.parentColumn)} from ${sql.identifier(scope.parent)} where company_id = ${companyId})`,
  );
}

const auditOf = (exportId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'data_export'), eq(auditLog.entityId, exportId)));

describe('data export access', () => {
  it('refuses a ryr-only user and the company admin on every route', async () => {
    const created = await as('soporte')('POST', `empresas/${ctx.seed.companyId}/exportaciones`);
    const url = dataExportSchema.parse(created.json.data).url!;
    for (const user of ['ryr', 'admin']) {
      expect((await as(user)('POST', `empresas/${ctx.seed.companyId}/exportaciones`)).status, user).toBe(403);
      expect((await as(user)('GET', 'exportaciones')).status, user).toBe(403);
      expect((await download(url, user)).status, user).toBe(403);
    }
  });

  it('answers 404 for an unknown company', async () => {
    expect((await as('soporte')('POST', 'empresas/999999/exportaciones')).status).toBe(404);
  });
});

describe('a company data export', () => {
  it('is created with a signed link, audited, and listed first', async () => {
    const res = await as('soporte')('POST', `empresas/${ctx.seed.otherCompanyId}/exportaciones`);
    expect(res.status, res.text).toBe(201);
    const created = dataExportSchema.strict().parse(res.json.data);
    expect(created).toMatchObject({ company: { id: ctx.seed.otherCompanyId }, downloaded_at: null, rows: null });
    expect(created.requested_by.name).toBe('Tomás Herrera Paz');
    expect(created.url).toMatch(/^tiinsights\/exportaciones\/\d+\/descarga\?.*X-Signature=/);
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBeCloseTo(15 * 60_000, -3);
    expect((await auditOf(created.id)).map((a) => [a.companyId, a.action])).toEqual([
      [ctx.seed.otherCompanyId, 'created'],
    ]);
    const list = await as('soporte')('GET', 'exportaciones');
    expect(list.status).toBe(200);
    const listed = dataExportSchema.array().parse(list.json.data);
    expect(listed[0]).toEqual(created);
  });

  it("holds every row of the company's tables, none of the other company's, no credential, counted in the manifest", async () => {
    const { companyId, otherCompanyId } = ctx.seed;
    const exported = await ctx.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, companyId));
    const others = await ctx.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, otherCompanyId));
    expect(exported.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);

    const created = dataExportSchema.parse(
      (await as('soporte')('POST', `empresas/${companyId}/exportaciones`)).json.data,
    );
    const res = await download(created.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;.*\.zip/);
    const files = unzipEntries(res.body);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest.company.id).toBe(companyId);
    expect(Number.isNaN(Date.parse(manifest.generated_at))).toBe(false);
    const tables = exportTables();
    expect(manifest.tables.map((t: { name: string }) => t.name)).toEqual(tables.map((t) => t.name));
    expect([...files.keys()].sort()).toEqual([...tables.map((t) => `${t.name}.csv`), 'manifest.json'].sort());
    for (const name of ['sessions', 'password_resets', 'api_tokens', 'mail_outbox'])
      expect(files.has(`${name}.csv`), name).toBe(false);
    expect(manifest.omitted.columns).toContain('users.password_hash');

    let total = 0;
    for (const table of tables) {
      const { header, rows } = parseCsv(files.get(`${table.name}.csv`)!.toString('utf8'));
      const counted = manifest.tables.find((t: { name: string }) => t.name === table.name).rows;
      expect(rows.length, table.name).toBe(counted);
      // The download's own 'downloaded' line was written after audit_log.csv.
      const written = table.name === 'audit_log' ? 1 : 0;
      expect(counted, table.name).toBe((await companyRows(table, companyId)) - written);
      expect(
        header.filter((c) => isCredentialColumn(table.name, c)),
        table.name,
      ).toEqual([]);
      expect(
        header.filter((c) => /password|token|secret|_hash$/.test(c)),
        table.name,
      ).toEqual([]);
      if (table.scope.kind === 'company_id')
        expect(rows.filter((r) => r.company_id !== String(companyId)).length, table.name).toBe(0);
      total += rows.length;
    }
    const ticketIds = parseCsv(files.get('tickets.csv')!.toString('utf8')).rows.map((r) => Number(r.id));
    expect(ticketIds.sort((a, b) => a - b)).toEqual(exported.map((t) => t.id).sort((a, b) => a - b));
    expect(ticketIds.some((id) => others.some((o) => o.id === id))).toBe(false);
    expect(parseCsv(files.get('companies.csv')!.toString('utf8')).rows.map((r) => r.id)).toEqual([String(companyId)]);
    expect(parseCsv(files.get('users.csv')!.toString('utf8')).header).not.toContain('password_hash');
    const subjects = parseCsv(files.get('tickets.csv')!.toString('utf8')).rows.map((r) => r.subject);
    expect(subjects).toContain('Filtración, "baño" principal');
    expect(subjects).not.toContain('Grieta en muro');
    const messages = parseCsv(files.get('ticket_messages.csv')!.toString('utf8')).rows.map((r) => r.body);
    expect(messages).toContain('Primera línea\r\nsegunda, con "comillas"');

    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, created.id));
    expect(row.downloadedAt).not.toBeNull();
    expect(row).toMatchObject({ tables: tables.length, rows: total, bytes: res.body.length });
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['created', 'downloaded']);
    expect(audit.find((a) => a.action === 'downloaded')?.after).toEqual({
      tables: tables.length,
      rows: total,
      bytes: res.body.length,
    });
  });

  it('reads every row in small keyset pages too: single, composite and no primary key', async () => {
    const kinds = new Set<string>();
    for (const table of exportTables()) {
      let rows = 0;
      let text = '';
      for await (const chunk of tableCsv(ctx.db, table, ctx.seed.companyId, 3, (n) => (rows += n))) text += chunk;
      expect(rows, table.name).toBe(await companyRows(table, ctx.seed.companyId));
      expect(new Set(parseCsv(text).rows.map((r) => JSON.stringify(r))).size, table.name).toBe(rows);
      if (rows > 3) kinds.add(table.key === null ? 'none' : table.key.length > 1 ? 'composite' : 'single');
    }
    expect([...kinds].sort()).toEqual(['composite', 'none', 'single']);
  });
});

describe('a signed link', () => {
  it('is refused with a changed signature, a changed expiry or another export’s id', async () => {
    const created = dataExportSchema.parse(
      (await as('soporte')('POST', `empresas/${ctx.seed.companyId}/exportaciones`)).json.data,
    );
    const url = created.url!;
    const forged = url.replace(/X-Signature=([0-9a-f])/, (_, c: string) => `X-Signature=${c === '0' ? '1' : '0'}`);
    const bad = await download(forged);
    expect(bad.status).toBe(403);
    expect(JSON.parse(bad.body.toString()).code).toBe('signature_invalid');
    const later = url.replace(/X-Expires=(\d+)/, (_, s: string) => `X-Expires=${Number(s) + 3600}`);
    expect((await download(later)).status).toBe(403);
    const other = url.replace(/exportaciones\/\d+\//, `exportaciones/${created.id + 1000}/`);
    expect((await download(other)).status).toBe(403);
    expect((await download(url.split('?')[0])).status).toBe(403);
    const unknown = signedExportUrl(ctx.deps.config.signingSecret, 999_999, new Date(Date.now() + 60_000));
    expect((await download(unknown)).status).toBe(404);
  });

  it('is refused once expired, and the list no longer gives it', async () => {
    const created = dataExportSchema.parse(
      (await as('soporte')('POST', `empresas/${ctx.seed.companyId}/exportaciones`)).json.data,
    );
    const past = new Date(Date.now() - 60_000);
    await ctx.db.update(dataExports).set({ expiresAt: past }).where(eq(dataExports.id, created.id));
    const res = await download(signedExportUrl(ctx.deps.config.signingSecret, created.id, past));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body.toString()).code).toBe('signature_expired');
    const listed = dataExportSchema.array().parse((await as('soporte')('GET', 'exportaciones')).json.data);
    expect(listed.find((e) => e.id === created.id)?.url).toBeNull();
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, created.id));
    expect(row.downloadedAt).toBeNull();
  });
});

describe('csvField', () => {
  it('quotes separators, quotes and line breaks, and tells an empty text from a null', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(parseCsv('a,b,c\r\n"x,""y""",,""\r\n').rows).toEqual([{ a: 'x,"y"', b: null, c: '' }]);
  });
});
