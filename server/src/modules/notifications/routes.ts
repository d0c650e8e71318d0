import { Hono } from 'hono';
import {
  notificationListQuerySchema,
  notificationPreferencesSchema,
  notificationReadSchema,
} from '#domain/schemas/notifications';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, requirePermission } from '../../auth/guard.ts';
import { pageQuerySchema } from '../../lib/paging.ts';
import { idParam, jsonBody, queryOf } from '../../lib/validate.ts';
import { getPreferences, listNotifications, markAllRead, markRead, savePreferences, unreadCount } from './service.ts';

const listQuery = pageQuerySchema.extend(notificationListQuerySchema.shape);

/**
 * Notifications (docs/product.md §2 /config/notificaciones, §6: viewing requires permission, §9: 15 days).
 * Every route needs ver_notificaciones ('Sin permisos para realizar esta acción' otherwise).
 */
export const notificationRoutes = new Hono<AppEnv>()
  .use(requirePermission('ver_notificaciones'))
  .get('/', async (c) => c.json(await listNotifications(c.var.deps, currentUser(c), c.var.t, queryOf(c, listQuery))))
  .get('/resumen', async (c) => c.json({ data: { unread: await unreadCount(c.var.deps, currentUser(c)) } }))
  .post('/leer-todas', async (c) => c.json({ data: { updated: await markAllRead(c.var.deps, currentUser(c)) } }))
  .get('/configuracion', async (c) => c.json({ data: await getPreferences(c.var.deps, currentUser(c), c.var.t) }))
  .put('/configuracion', async (c) => {
    const input = await jsonBody(c, notificationPreferencesSchema);
    return c.json({
      data: await savePreferences(c.var.deps, currentUser(c), c.var.t, input),
      message: c.var.t('notifications.settings.saved'),
    });
  })
  .patch('/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    const { read } = await jsonBody(c, notificationReadSchema);
    return c.json({ data: await markRead(c.var.deps, currentUser(c), c.var.t, id, read) });
  });
