import { Hono } from 'hono';
import type { AuditRow } from '#domain/audit-responses';
import { CONFIG_AUDIT } from '#domain/permissions';
import { auditExportQuery, auditListQuery } from '#domain/schemas/audit';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { pageQuerySchema } from '../../../lib/paging.ts';
import { queryOf } from '../../../lib/validate.ts';
import { sheetDownload, type SheetColumn } from '../../../lib/spreadsheet.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { auditActors, exportAudit, listAudit } from './list.ts';
import { formatIn } from '../shared/dates.ts';

const listQuery = pageQuerySchema.and(auditListQuery);

const valueText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function columns(t: Translate, tz: string): SheetColumn<AuditRow>[] {
  return [
    {
      header: t('config_api.audit.columns.created_at', { zone: tz }),
      width: 30,
      value: (r) => formatIn(r.created_at, tz, 'DD-MM-YYYY HH:mm:ss'),
    },
    {
      header: t('config_api.audit.columns.user'),
      width: 28,
      value: (r) => r.user?.full_name ?? t('config_api.audit.system'),
    },
    {
      header: t('config_api.audit.columns.entity'),
      width: 22,
      value: (r) => t(`config_api.audit.entities.${r.entity}`),
    },
    { header: t('config_api.audit.columns.entity_id'), width: 10, value: (r) => r.entity_id },
    {
      header: t('config_api.audit.columns.action'),
      width: 16,
      value: (r) => t(`config_api.audit.actions.${r.action}`),
    },
    {
      header: t('config_api.audit.columns.changes'),
      width: 80,
      value: (r) =>
        r.changes.map((ch) => `${ch.field}: ${valueText(ch.before) || '∅'} → ${valueText(ch.after) || '∅'}`).join('\n'),
    },
  ];
}

/** docs/product.md §1 audit log screen (administrators): filtered page, the actors for the filter, export. */
export const auditRoutes = new Hono<AppEnv>()
  .use(requirePermission(CONFIG_AUDIT))
  .get('/', async (c) => c.json(await listAudit(c.var.deps, currentUser(c), queryOf(c, listQuery))))
  .get('/usuarios', async (c) => c.json({ data: await auditActors(c.var.deps, currentUser(c)) }))
  .get('/exportar', async (c) => {
    const q = queryOf(c, auditExportQuery);
    const { rows, tz } = await exportAudit(c.var.deps, currentUser(c), q);
    return sheetDownload(c, {
      format: q.format,
      locale: c.var.locale,
      baseName: 'auditoria',
      sheetName: c.var.t('config_api.audit.sheet'),
      columns: columns(c.var.t, tz),
      rows,
    });
  });
