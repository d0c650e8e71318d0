import { Hono } from 'hono';
import { DATA_EXPORT } from '#domain/insights';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam } from '../../../lib/validate.ts';
import { contentDisposition, sendStream } from '../../files/service.ts';
import { createExport, downloadExport, listExports } from './service.ts';

/**
 * A company's data export for the provider's staff with `dbdump` (domain/insights.ts DATA_EXPORT; docs/api.md,
 * Insights). Mounted in ../routes.ts:
 *   POST empresas/{companyId}/exportaciones     a new export and its signed link (404: unknown company)
 *   GET  exportaciones                          the last exports, newest first (url null once expired)
 *   GET  exportaciones/{exportId}/descarga?…    the signed link: the company's tables as a zip of CSV files
 */
export const exportRoutes = new Hono<AppEnv>()
  .post('/empresas/:companyId/exportaciones', requirePermission(DATA_EXPORT), async (c) => {
    const created = await createExport(c.var.deps, currentUser(c), idParam(c.req.param('companyId')));
    return c.json({ data: created }, 201);
  })
  .get('/exportaciones', requirePermission(DATA_EXPORT), async (c) => c.json({ data: await listExports(c.var.deps) }))
  .get('/exportaciones/:exportId/descarga', requirePermission(DATA_EXPORT), async (c) => {
    const exportId = idParam(c.req.param('exportId'));
    const { stream, companyId } = await downloadExport(c.var.deps, currentUser(c), exportId, c.req.query());
    const day = new Date().toISOString().slice(0, 10);
    return sendStream(c, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': contentDisposition('attachment', `empresa-${companyId}-datos-${day}.zip`),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
      body: stream,
    });
  });
