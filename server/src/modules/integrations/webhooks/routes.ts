import { Hono } from 'hono';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { CONFIG_INTEGRATIONS } from '#domain/permissions';
import { webhookEventCommands, type WebhookEventCommandType } from '#domain/webhooks';
import {
  webhookApplicationCreateSchema,
  webhookApplicationQuerySchema,
  webhookApplicationUpdateSchema,
  webhookLogQuerySchema,
  webhookReplayFailedSchema,
  webhookSettingsSchema,
  webhookTestEventSchema,
} from '#domain/schemas/webhooks';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { emptyBody } from '#domain/commands';
import {
  createApplication,
  deleteApplication,
  listApplications,
  renewApplicationSecret,
  updateApplication,
} from './applications.ts';
import { getWebhookSettings, setWebhookSettings } from './settings.ts';
import { manualHookCommand } from './hook-commands.ts';
import { listWebhookLogs, replayDelivery, replayFailedSince } from './history.ts';
import { sendTestEvent } from './test-event.ts';

type ManualCommand = Exclude<WebhookEventCommandType, 'webhook.deliveryFailed'>;

/** docs/product.md §2 config/integraciones/webhooks (docs/api.md "Webhooks"), all with config_integraciones. */
export const webhookRoutes = new Hono<AppEnv>()
  .use(requirePermission(CONFIG_INTEGRATIONS))
  .get('/ajustes', async (c) => c.json({ data: await getWebhookSettings(c.var.deps.database.db, currentUser(c)) }))
  .put('/ajustes', async (c) => {
    const input = await jsonBody(c, webhookSettingsSchema);
    return c.json({ data: await setWebhookSettings(c.var.deps.database.db, currentUser(c), input) });
  })
  .get('/aplicaciones', async (c) => {
    const q = queryOf(c, webhookApplicationQuerySchema);
    return c.json({ data: await listApplications(c.var.deps, currentUser(c), q) });
  })
  .post('/aplicaciones', async (c) => {
    const input = await jsonBody(c, webhookApplicationCreateSchema);
    return c.json(await createApplication(c.var.deps, currentUser(c), input), 201);
  })
  .patch('/aplicaciones/:applicationId', async (c) => {
    const id = idParam(c.req.param('applicationId'));
    const input = await jsonBody(c, webhookApplicationUpdateSchema);
    return c.json({ data: await updateApplication(c.var.deps, currentUser(c), id, input) });
  })
  .delete('/aplicaciones/:applicationId', async (c) => {
    await deleteApplication(c.var.deps, currentUser(c), idParam(c.req.param('applicationId')));
    return c.json({ data: { deleted: true } });
  })
  .post('/aplicaciones/:applicationId/renovar-secreto', async (c) => {
    const id = idParam(c.req.param('applicationId'));
    await jsonBody(c, emptyBody);
    return c.json(await renewApplicationSecret(c.var.deps, currentUser(c), id));
  })
  .post('/aplicaciones/:applicationId/probar', async (c) => {
    const id = idParam(c.req.param('applicationId'));
    const input = await jsonBody(c, webhookTestEventSchema);
    return c.json({ data: await sendTestEvent(c.var.deps, currentUser(c), id, input.event) });
  })
  .post(
    `/eventos/:hookId/:action{${verbPattern(webhookEventCommands)}}`,
    requireVerbParam(webhookEventCommands),
    async (c) => {
      const id = idParam(c.req.param('hookId'));
      await jsonBody(c, emptyBody);
      const [type] = eventsOfVerb(webhookEventCommands, c.req.param('action')) as ManualCommand[];
      return c.json({ data: await manualHookCommand(c.var.deps, currentUser(c), id, type, c.var.t) });
    },
  )
  .get('/historial', async (c) => {
    const q = queryOf(c, webhookLogQuerySchema);
    return c.json({ data: await listWebhookLogs(c.var.deps, currentUser(c), q) });
  })
  .post('/historial/reenviar-fallidos', async (c) => {
    const input = await jsonBody(c, webhookReplayFailedSchema);
    return c.json({ data: await replayFailedSince(c.var.deps, currentUser(c), input) });
  })
  .post('/historial/:deliveryId/reenviar', async (c) => {
    const id = idParam(c.req.param('deliveryId'));
    await jsonBody(c, emptyBody);
    return c.json({ data: await replayDelivery(c.var.deps, currentUser(c), id) });
  });
