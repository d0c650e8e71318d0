import type { Readable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { INSIGHTS_LIMITS } from '#domain/insights';
import type { DataExport } from '#domain/insights-responses';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { companies, dataExports, users } from '../../../db/schema/index.ts';
import { fullName } from '../../../db/staff.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordAudit } from '../../config/service.ts';
import { exportArchive } from './archive.ts';
import { signedExportUrl, verifyExportLink } from './link.ts';

/** How many exports GET exportaciones lists, newest first. */
export const EXPORTS_LISTED = 50;

/** Stands for the person who asked when their account was deleted since (requested_by is set null then). */
const NOBODY = { id: 0, name: '' };

const exportSelection = {
  row: dataExports,
  companyName: companies.name,
  firstName: users.firstName,
  lastName: users.lastName,
};

function readExports(deps: AppDeps) {
  return deps.database.db
    .select(exportSelection)
    .from(dataExports)
    .innerJoin(companies, eq(companies.id, dataExports.companyId))
    .leftJoin(users, eq(users.id, dataExports.requestedBy));
}

type ExportRecord = Awaited<ReturnType<ReturnType<typeof readExports>['execute']>>[number];

/** An export as domain/insights-responses.ts dataExportSchema: its signed link while it lasts, else null. */
function exportView(deps: AppDeps, { row, companyName, firstName, lastName }: ExportRecord, now: Date): DataExport {
  return {
    id: row.id,
    company: { id: row.companyId, name: companyName },
    requested_by:
      row.requestedBy !== null && firstName !== null
        ? { id: row.requestedBy, name: fullName({ firstName, lastName: lastName ?? '' }) }
        : NOBODY,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    downloaded_at: row.downloadedAt?.toISOString() ?? null,
    tables: row.tables,
    rows: row.rows,
    bytes: row.bytes,
    url: row.expiresAt > now ? signedExportUrl(deps.config.signingSecret, row.id, row.expiresAt) : null,
  };
}

/**
 * The provider asks for a company's export (docs/api.md, Insights): a row whose signed link lasts
 * INSIGHTS_LIMITS.exportLinkMinutes, in that company's audit trail ('created'). Unknown company: 404.
 */
export async function createExport(deps: AppDeps, provider: SessionUser, companyId: number, now = new Date()) {
  const db = deps.database.db;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const expiresAt = new Date(now.getTime() + INSIGHTS_LIMITS.exportLinkMinutes * 60_000);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(dataExports)
      .values({ companyId, requestedBy: provider.id, expiresAt })
      .returning({ id: dataExports.id });
    await recordAudit(
      tx,
      { companyId, userId: provider.id },
      {
        entity: 'data_export',
        entityId: created.id,
        action: 'created',
        after: { expires_at: expiresAt.toISOString() },
      },
    );
    return created.id;
  });
  const [record] = await readExports(deps).where(eq(dataExports.id, id));
  return exportView(deps, record, now);
}

/** The last EXPORTS_LISTED exports of every company, newest first. */
export async function listExports(deps: AppDeps, now = new Date()): Promise<DataExport[]> {
  const records = await readExports(deps)
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(EXPORTS_LISTED);
  return records.map((r) => exportView(deps, r, now));
}

/**
 * A signed link's download: the signature and expiry are checked first (403, link.ts), then the export (404). The
 * zip (archive.ts) records, once fully sent, what it carried (downloaded_at, tables, rows, bytes) and a 'downloaded'
 * line in the company's audit trail.
 */
export async function downloadExport(
  deps: AppDeps,
  provider: SessionUser,
  exportId: number,
  query: Record<string, string | undefined>,
): Promise<{ stream: Readable; companyId: number }> {
  verifyExportLink(deps.config.signingSecret, exportId, query);
  const db = deps.database.db;
  const [record] = await readExports(deps).where(eq(dataExports.id, exportId));
  if (!record) throw notFound();
  const { companyId } = record.row;
  const stream = exportArchive(db, { id: companyId, name: record.companyName }, async (totals) => {
    await db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({ downloadedAt: new Date(), ...totals })
        .where(eq(dataExports.id, exportId));
      await recordAudit(
        tx,
        { companyId, userId: provider.id },
        { entity: 'data_export', entityId: exportId, action: 'downloaded', after: totals },
      );
    });
  });
  return { stream, companyId };
}
