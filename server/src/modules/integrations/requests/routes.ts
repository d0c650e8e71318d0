import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { requestKeyOf } from '#domain/integrations';
import { activationRequestSchema } from '#domain/schemas/integrations';
import { companies } from '../../../db/schema/index.ts';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { ApiError } from '../../../lib/errors.ts';
import { translator } from '../../../lib/i18n.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { providerNotFoundPage, providerPage } from './page.ts';
import { canTake, grantedState, takeStep } from './provider.ts';
import { listModuleRequests, requestActivation } from './service.ts';
import { targetName } from './targets.ts';
import { verifyRequestToken } from './tokens.ts';

/** docs/product.md §4: the company asks the provider for a module or an integration; the modules' statuses. */
export const requestRoutes = new Hono<AppEnv>()
  .get('/modulos', async (c) => c.json({ data: await listModuleRequests(c.var.deps, currentUser(c)) }))
  .post('/solicitudes', async (c) => {
    const { target } = await jsonBody(c, activationRequestSchema);
    const data = await requestActivation(c.var.deps, currentUser(c), target, c.var.t);
    return c.json({ message: c.var.t(`integrations.requests.requested_${target.kind}`), data }, 201);
  });

/**
 * The provider's links (proveedor/solicitudes/{token}), outside the session API: the signed token is their only
 * authority, so there is no cookie for a cross-site form to ride on and the API's CSRF header check does not apply
 * (docs/api.md, Requests and the provider). The page is Spanish, the provider's language.
 */
export const providerRequestRoutes = new Hono<AppEnv>()
  .get('/:token', (c) => answerPage(c, false))
  .post('/:token', (c) => answerPage(c, true));

async function answerPage(c: Context<AppEnv>, take: boolean) {
  const t = translator('es');
  const deps = c.var.deps;
  c.header('Cache-Control', 'no-store');
  const grant = verifyRequestToken(deps.config.signingSecret, c.req.param('token') ?? '');
  try {
    if (!grant) throw new ApiError(404, 'errors.not_found');
    const before = await grantedState(deps, grant);
    // A click racing another one: the step is already taken, and the page shows where the request is now.
    const state = take
      ? await takeStep(deps, grant, t).catch((e: unknown) =>
          e instanceof ApiError && e.status === 409 ? grantedState(deps, grant) : Promise.reject(e),
        )
      : before;
    const [company] = await deps.database.db.select().from(companies).where(eq(companies.id, grant.companyId));
    return c.html(
      providerPage(t, {
        company: company?.name ?? '',
        name: targetName(grant.target, t),
        key: requestKeyOf(grant.target),
        target: grant.target,
        state,
        step: grant.step,
        open: canTake(grant, state),
        done: take && state !== before,
      }),
    );
  } catch (error) {
    // A browser gets the page; a client asking for JSON only gets the API's {message, errors} in its language.
    if (error instanceof ApiError && error.status === 404 && !wantsJsonOnly(c))
      return c.html(providerNotFoundPage(t), 404);
    throw error;
  }
}

const wantsJsonOnly = (c: Context<AppEnv>) => {
  const accept = c.req.header('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
};
