import { Hono } from 'hono';
import { PUBLIC_API_BASE } from '#domain/api-apps';
import { publicPageQuerySchema, publicTicketsQuerySchema, publicUnitsQuerySchema } from '#domain/public-api';
import type { AppDeps, AppEnv } from '../../../http/context.ts';
import { errorHandler, notFoundJson, requestContext } from '../../../http/middleware.ts';
import { acceptsRawBody, inputGuard } from '../../../http/body-guard.ts';
import { idParam, queryOf } from '../../../lib/validate.ts';
import { openApiDocument } from './openapi.ts';
import { bearerAuth, requireScope } from './public-auth.ts';
import type { PublicEnv } from './public-env.ts';
import { publicProjects, publicTicketDetail, publicTickets, publicUnits } from './public-queries.ts';
import { issueToken } from './token.ts';

const TOKEN_BODY_MAX_BYTES = 4096;

/**
 * The public API v1 (docs/api.md "Public API"), apart from the session API: bearer tokens of API apps, no
 * cookie, no CSRF header. server/src/app.ts hands it every request under PUBLIC_API_BASE; its routes are not in
 * the session API's route table, and their isolation is tested in public-api.test.ts.
 */
export function createPublicApi(deps: AppDeps) {
  const authed = new Hono<PublicEnv>()
    .use(bearerAuth)
    .get('/projects', async (c) =>
      c.json(await publicProjects(c.var.deps.database.db, c.var.apiApp, queryOf(c, publicPageQuerySchema))),
    )
    .get('/tickets', requireScope('modulo_postventa'), async (c) =>
      c.json(await publicTickets(c.var.deps.database.db, c.var.apiApp, queryOf(c, publicTicketsQuerySchema))),
    )
    .get('/tickets/:id', requireScope('modulo_postventa'), async (c) =>
      c.json(await publicTicketDetail(c.var.deps, c.var.apiApp, idParam(c.req.param('id')))),
    )
    .get('/units', requireScope('modulo_entregas'), async (c) =>
      c.json(await publicUnits(c.var.deps.database.db, c.var.apiApp, queryOf(c, publicUnitsQuerySchema))),
    );
  return (
    new Hono<AppEnv>()
      .basePath(PUBLIC_API_BASE)
      .onError(errorHandler)
      .use(requestContext(deps))
      .use(inputGuard)
      .get('/openapi.json', (c) => c.json(openApiDocument(c.var.t, c.var.deps.config.publicApiRatePerMinute)))
      // A form or JSON body (OAuth 2 clients send forms): token.ts reads it, within a small limit.
      .post('/oauth/token', acceptsRawBody(TOKEN_BODY_MAX_BYTES), async (c) => c.json(await issueToken(c)))
      .route('/', authed)
      .notFound(notFoundJson)
  );
}
