import { Hono } from 'hono';
import { z } from 'zod';
import { CONFIG_WORKERS } from '#domain/permissions';
import { WORKER_SORTS, workerListQuery, workerSchemaFor } from '#domain/schemas/workers';
import { EXPORT_FORMATS } from '#domain/schemas/audit';
import type { WorkerRow } from '#domain/workers-responses';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { sortedPageQuery } from '../../../lib/paging.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { sheetDownload, type SheetColumn } from '../../../lib/spreadsheet.ts';
import type { Translate } from '../../../lib/i18n.ts';
import {
  companyCountry,
  createWorker,
  deleteWorker,
  exportWorkers,
  getWorker,
  listWorkers,
  workerOptions,
  updateWorker,
} from './service.ts';

const listQuery = sortedPageQuery(WORKER_SORTS).extend(workerListQuery.shape);
const exportQuery = workerListQuery.extend({ format: z.enum(EXPORT_FORMATS).default('xlsx') });

function columns(t: Translate, country: string): SheetColumn<WorkerRow>[] {
  const yes = t('config_api.workers.yes');
  const no = t('config_api.workers.no');
  return [
    { header: t('config_api.workers.columns.last_name'), width: 24, value: (r) => r.last_name },
    { header: t('config_api.workers.columns.first_name'), width: 24, value: (r) => r.first_name },
    { header: t(country === 'CL' ? 'labels.rut' : 'labels.document'), width: 16, value: (r) => r.rut },
    { header: t('config_api.workers.columns.contractor_company'), width: 28, value: (r) => r.contractor_company },
    { header: t('config_api.workers.columns.position'), width: 24, value: (r) => r.position?.name },
    {
      header: t('config_api.workers.columns.contract_type'),
      width: 18,
      value: (r) => t(`config_api.workers.contract_types.${r.contract_type}`),
    },
    { header: t('config_api.workers.columns.start_date'), width: 14, value: (r) => r.start_date },
    { header: t('config_api.workers.columns.end_date'), width: 14, value: (r) => r.end_date },
    { header: t('config_api.workers.columns.active'), width: 10, value: (r) => (r.is_active ? yes : no) },
    { header: t('config_api.workers.columns.user'), width: 24, value: (r) => r.user?.username },
  ];
}

/** docs/product.md §2 config trabajadores: workers and their contracts (list, filters, export, edit). */
export const workerRoutes = new Hono<AppEnv>()
  .use(requirePermission(CONFIG_WORKERS))
  .get('/', async (c) => c.json(await listWorkers(c.var.deps, currentUser(c), queryOf(c, listQuery))))
  .get('/opciones', async (c) => c.json({ data: await workerOptions(c.var.deps, currentUser(c)) }))
  .get('/exportar', async (c) => {
    const user = currentUser(c);
    const q = queryOf(c, exportQuery);
    const country = await companyCountry(c.var.deps, user);
    return sheetDownload(c, {
      format: q.format,
      locale: c.var.locale,
      baseName: 'trabajadores',
      sheetName: c.var.t('config_api.workers.sheet'),
      columns: columns(c.var.t, country),
      rows: await exportWorkers(c.var.deps, user, q),
    });
  })
  .get('/:workerId', async (c) =>
    c.json({ data: await getWorker(c.var.deps, currentUser(c), idParam(c.req.param('workerId'))) }),
  )
  .post('/', async (c) => {
    const user = currentUser(c);
    const input = await jsonBody(c, workerSchemaFor(await companyCountry(c.var.deps, user)));
    return c.json({ data: await createWorker(c.var.deps, user, input) }, 201);
  })
  .put('/:workerId', async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('workerId'));
    const input = await jsonBody(c, workerSchemaFor(await companyCountry(c.var.deps, user)));
    return c.json({ data: await updateWorker(c.var.deps, user, id, input) });
  })
  .delete('/:workerId', async (c) => {
    await deleteWorker(c.var.deps, currentUser(c), idParam(c.req.param('workerId')));
    return c.json({ data: null });
  });
