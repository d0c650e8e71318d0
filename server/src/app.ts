import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from './http/context.ts';
import { errorHandler, notFoundJson, requestContext } from './http/middleware.ts';
import { createApi } from './api.ts';
import { devMailRoutes } from './mail/dev-routes.ts';
import { publicFileRoutes, storageRoutes } from './modules/files/routes.ts';
import { cboxPartRoutes } from './modules/cbox/routes.ts';
import { staticClient } from './http/static.ts';
import { securityHeaders } from './http/security-headers.ts';
import { portalFraming } from './modules/after-sales/service.ts';
import { PUBLIC_API_BASE } from '#domain/api-apps';
import {
  calendarFeedRoutes,
  createPublicApi,
  FEED_PATH,
  providerRequestRoutes,
} from './modules/integrations/routes.ts';
import { LINK_ROUTES_BASE, linkRoutes } from './modules/cbox/routes.ts';

export const API_V2 = '/api/v2/public/api';
export const API_V1 = '/api/v1';

/** The whole HTTP surface: API v2, the v1 dispatcher, health, dev mail page and the web client. */
export function createApp(deps: AppDeps, opts: { clientDir?: string } = {}) {
  const api = createApi();
  const app = new Hono<AppEnv>();
  app.onError(errorHandler);
  app.use(requestContext(deps));
  app.use(securityHeaders(deps.config));

  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    const database = await deps.database.ping().catch(() => false);
    const broker = deps.brokerReady ? deps.brokerReady() : true;
    return c.json(
      { status: database && broker ? 'ready' : 'unavailable', database, broker },
      database && broker ? 200 : 503,
    );
  });

  app.route(API_V2, api);

  // docs/product.md §7 v1: {origin}/api/v1/api.php?request=<path>, or /api/v1/index.php/<path> as is.
  // The inner request keeps the connection (client address for login throttling) and request id.
  const dispatchV1 = (c: Context<AppEnv>, path: string | null, search: URLSearchParams) => {
    if (!path || climbs(path)) return notFoundJson(c);
    search.delete('request');
    const target = new URL(c.req.url);
    target.pathname = `${API_V2}/${path.replace(/^\/+/, '')}`;
    // The URL parser resolves dot segments on assignment: whatever it made of the path must stay in the API.
    if (!target.pathname.startsWith(`${API_V2}/`)) return notFoundJson(c);
    target.search = search.toString();
    const inner = new Request(target, c.req.raw);
    inner.headers.set('x-request-id', c.var.requestId);
    return app.fetch(inner, c.env);
  };
  app.all(`${API_V1}/api.php`, (c) => {
    const url = new URL(c.req.url);
    return dispatchV1(c, url.searchParams.get('request'), url.searchParams);
  });
  app.all(`${API_V1}/index.php/*`, (c) => {
    const url = new URL(c.req.url);
    return dispatchV1(c, url.pathname.slice(`${API_V1}/index.php/`.length), url.searchParams);
  });

  // The public API of API apps (docs/api.md "Public API"): bearer tokens, no session or CSRF, its own sub-app
  // (so the session API's route table and sweeps do not list it; its isolation is tested beside it).
  const publicApi = createPublicApi(deps);
  app.all(`${PUBLIC_API_BASE}/*`, (c) => {
    const inner = new Request(c.req.raw);
    inner.headers.set('x-request-id', c.var.requestId);
    return publicApi.fetch(inner, c.env);
  });

  app.route('/dev/mail', devMailRoutes);
  // Files (docs/product.md §7): read behind the session cookie; /storage takes signed uploads when storage is local disk.
  app.route('/api/v2/public/files', publicFileRoutes);
  // The library's large uploads go up in parts; on local disk each signed part is PUT here.
  app.route('/storage/parts', cboxPartRoutes);
  app.route('/storage', storageRoutes);
  // Cbox share links: people outside the company open them by their token alone (no session, no CSRF header).
  app.route(LINK_ROUTES_BASE, linkRoutes);
  // The provider's links of a module or integration request: authorised by their signed token alone (no session).
  app.route('/proveedor/solicitudes', providerRequestRoutes);
  // The scheduling tool's iCalendar feeds: calendar applications subscribe without a session (the URL is the secret).
  app.route(FEED_PATH, calendarFeedRoutes);
  app.all('/api/*', notFoundJson);
  // The owner portal's pages may be framed only by the sites its projects allow (docs/product.md#owner-portal).
  app.use('/portal/*', portalFraming);
  if (opts.clientDir) app.route('/', staticClient(opts.clientDir));
  app.notFound(notFoundJson);
  return app;
}
export type App = ReturnType<typeof createApp>;

const DOT_SEGMENT_OR_BACKSLASH = /(?:^|\/)\.\.?(?:\/|$)|\\|\0/;

/**
 * Whether a v1 path, or any form of it a later decoding could produce (double-encoded dots, %5c
 * backslashes), has a dot segment, a backslash or a NUL: a path that could leave the API prefix.
 * Each round decodes every well-formed %XX run, as Hono does with a path it cannot decode whole.
 */
export function climbs(path: string): boolean {
  let form = path;
  for (let round = 0; round < 5; round++) {
    if (DOT_SEGMENT_OR_BACKSLASH.test(form)) return true;
    const decoded = form.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (decoded === form) return false;
    form = decoded;
  }
  return true;
}
