import { Hono } from 'hono';
import { z } from 'zod';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { CONFIG_USERS, CONFIG_USER_LIMITS, userCommands } from '#domain/users';
import {
  userCreateSchema,
  userImportConfirmSchema,
  userLimitsSchema,
  userListQuerySchema,
  userUpdateSchema,
} from '#domain/schemas/users';
import { can } from '#domain/permissions';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireStaff, requireVerbParam } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { acceptsRawBody } from '../../../http/body-guard.ts';
import { sheetDownload } from '../../../lib/spreadsheet.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
import { exportUsers, listUsers } from './list.ts';
import { userColumns } from './export.ts';
import { userFormOptions } from './options.ts';
import { createUser, updateUser } from './service.ts';
import { userCommand, type AdminUserCommand } from './commands.ts';
import { saveUserLimits, userLimits } from './limits.ts';
import { USER_IMPORT_MAX_BYTES, confirmImport, importBytes, previewImport } from './import.ts';
import { userDetail } from './detail.ts';

const exportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
// The multipart envelope may add a little to the file itself.
const importBody = acceptsRawBody(USER_IMPORT_MAX_BYTES + 64 * 1024);

/**
 * docs/product.md §2 config usuarios and §1 user administration with active-user limits, mounted at
 * configuracion/usuarios: every route needs config_usuarios; editing the limits needs config_usuarios_limites.
 */
export const userRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .get('/', requirePermission(CONFIG_USERS), async (c) =>
    c.json(await listUsers(c.var.deps.database.db, currentUser(c), queryOf(c, userListQuerySchema))),
  )
  .get('/export', requirePermission(CONFIG_USERS), async (c) => {
    const q = queryOf(c, userListQuerySchema);
    const { format } = queryOf(c, exportQuery);
    const { rows, truncated } = await exportUsers(c.var.deps.database.db, currentUser(c), q);
    return sheetDownload(c, {
      format,
      locale: c.var.locale,
      baseName: 'usuarios',
      sheetName: c.var.t('config_users.export.sheet'),
      columns: userColumns(c.var.t),
      rows,
      truncated,
    });
  })
  .get('/opciones', requirePermission(CONFIG_USERS), async (c) =>
    c.json({ data: await userFormOptions(c.var.deps.database.db, currentUser(c)) }),
  )
  .get('/limites', requirePermission(CONFIG_USERS), async (c) => {
    const user = currentUser(c);
    return c.json({
      data: await userLimits(c.var.deps.database.db, user.companyId, can(user.permissions, CONFIG_USER_LIMITS)),
    });
  })
  .put('/limites', requirePermission(`${CONFIG_USERS}&${CONFIG_USER_LIMITS}`), async (c) => {
    const user = currentUser(c);
    const input = await jsonBody(c, userLimitsSchema);
    const db = c.var.deps.database.db;
    await db.transaction(async (tx) => {
      const before = await saveUserLimits(tx, user.companyId, input);
      await recordAudit(tx, actorOf(user), {
        entity: 'user_limit',
        entityId: null,
        action: 'updated',
        before,
        after: input,
      });
    });
    return c.json({ message: c.var.t('config_users.limits_saved'), data: await userLimits(db, user.companyId, true) });
  })
  .post('/importar', requirePermission(CONFIG_USERS), importBody, async (c) =>
    c.json({ data: await previewImport(c.var.deps, currentUser(c), await importBytes(c), c.var.t) }),
  )
  .post('/importar/confirmar', requirePermission(CONFIG_USERS), importBody, async (c) => {
    const confirm = queryOf(c, userImportConfirmSchema);
    const user = currentUser(c);
    const result = await confirmImport(c.var.deps, user, await importBytes(c), confirm, c.var.t);
    return c.json({ message: c.var.t('config_users.import.done', { count: result.created }), data: result }, 201);
  })
  .post('/', requirePermission(CONFIG_USERS), async (c) => {
    const user = currentUser(c);
    const row = await createUser(c.var.deps, user, await jsonBody(c, userCreateSchema), c.var.t);
    return c.json({ message: c.var.t('config_users.created'), data: await userDetail(c.var.deps, user, row.id) }, 201);
  })
  .get('/:id', requirePermission(CONFIG_USERS), async (c) =>
    c.json({ data: await userDetail(c.var.deps, currentUser(c), idParam(c.req.param('id'))) }),
  )
  .patch('/:id', requirePermission(CONFIG_USERS), async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('id'));
    await updateUser(c.var.deps, user, id, await jsonBody(c, userUpdateSchema), c.var.t);
    return c.json({ message: c.var.t('config_users.saved'), data: await userDetail(c.var.deps, user, id) });
  })
  .delete('/:id', requirePermission(userCommands['user.delete'].permission), async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('id'));
    await userCommand(c.var.deps, user, id, 'user.delete', c.var.t);
    return c.json({ message: c.var.t('config_users.deleted'), data: await userDetail(c.var.deps, user, id) });
  })
  .post(`/:id/:action{${verbPattern(userCommands)}}`, requireVerbParam(userCommands), async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('id'));
    await jsonBody(c, z.object({}));
    const [type] = eventsOfVerb(userCommands, c.req.param('action')) as AdminUserCommand[];
    await userCommand(c.var.deps, user, id, type, c.var.t);
    return c.json({ data: await userDetail(c.var.deps, user, id) });
  });
