import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { inArray } from 'drizzle-orm';
import { units } from '../../../db/schema/index.ts';
import type { AppEnv } from '../../../http/context.ts';
import { frameableCookie } from '../../../http/cookies.ts';
import { sessionUserOf } from '../../../http/middleware.ts';
import { contentSecurityPolicy } from '../../../http/security-headers.ts';
import { ownerUnitIds } from '../shared/scope.ts';
import { frameAncestors } from '../../../http/embedding.ts';

/** Remembers which project's page embeds the portal, so a reload inside the frame keeps its policy. */
export const PORTAL_PROJECT_COOKIE = 'qa_portal_project';

const projectIdOf = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The owner portal's HTML answers with a `Content-Security-Policy` whose frame-ancestors are built from the
 * iframe setting of the project that embeds it (docs/product.md#owner-portal, /config/propietarios/iframe): the
 * company's site embeds `/portal?proyecto=<id>`; that project id is kept in a cookie for reloads
 * inside the frame; a signed-in owner also brings the projects of their units. Anything else may
 * frame the portal only from our own origin.
 */
export const portalFraming: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
  const deps = c.var.deps;
  const fromQuery = projectIdOf(c.req.query('proyecto'));
  if (fromQuery)
    setCookie(c, PORTAL_PROJECT_COOKIE, String(fromQuery), { httpOnly: true, path: '/portal', ...frameableCookie(c) });
  const projectIds = new Set<number>();
  const embedding = fromQuery ?? projectIdOf(getCookie(c, PORTAL_PROJECT_COOKIE));
  if (embedding) projectIds.add(embedding);
  const user = await sessionUserOf(c);
  if (user?.kind === 'owner') {
    const unitIds = await ownerUnitIds(deps.database.db, user);
    const rows = unitIds.length
      ? await deps.database.db
          .selectDistinct({ projectId: units.projectId })
          .from(units)
          .where(inArray(units.id, unitIds))
      : [];
    rows.forEach((r) => projectIds.add(r.projectId));
  }
  // The whole policy of our pages, with the portal's own frame-ancestors (one header, not two).
  c.header(
    'Content-Security-Policy',
    contentSecurityPolicy(deps.config, await frameAncestors(deps.database.db, [...projectIds])),
  );
};
