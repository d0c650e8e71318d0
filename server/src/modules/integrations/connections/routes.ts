import { Hono } from 'hono';
import { emptyBody, eventsOfVerb, verbPattern } from '#domain/commands';
import { integrationCommands } from '#domain/integrations';
import type { IntegrationEventType } from '#machines/integration';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requireVerbParam } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { connectionCommand } from './commands.ts';
import { connectionOf, kindParam, listConnections } from './service.ts';

/**
 * docs/product.md §2 config/integraciones index: every integration with its state; one integration; activate and
 * deactivate (the integration machine's verbs). Each integration's own settings are saved by its sub-feature.
 */
export const connectionRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ data: await listConnections(c.var.deps, currentUser(c)) }))
  .get('/:kind{(?:hubspot|procore|calendario)}', async (c) =>
    c.json({ data: await connectionOf(c.var.deps, currentUser(c), kindParam(c.req.param('kind'))) }),
  )
  .post(
    `/:kind{(?:hubspot|procore|calendario)}/:action{${verbPattern(integrationCommands)}}`,
    requireVerbParam(integrationCommands),
    async (c) => {
      const user = currentUser(c);
      await jsonBody(c, emptyBody);
      const [type] = eventsOfVerb(integrationCommands, c.req.param('action')) as IntegrationEventType[];
      const kind = kindParam(c.req.param('kind'));
      const data = await connectionCommand(c.var.deps, user, user.companyId, kind, type, c.var.t);
      return c.json({
        message: c.var.t(`integrations.${type === 'integration.activate' ? 'activated' : 'deactivated'}`),
        data,
      });
    },
  );
