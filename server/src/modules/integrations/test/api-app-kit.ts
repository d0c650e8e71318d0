import type { TestContext } from '../../../test-support.ts';
import { PUBLIC_API_BASE } from '#domain/api-apps';

/** Test helpers of the API apps: issue an app as a signed-in admin, trade its credentials, call the public API. */
export type IssuedApp = { id: number; client_id: string; client_secret: string; scope: string[] };

export async function issueApp(
  ctx: TestContext,
  cookie: string,
  scope: string[] = ['modulo_postventa', 'modulo_entregas'],
  name = 'ERP de pruebas',
): Promise<IssuedApp> {
  const res = await ctx.request('POST', 'configuracion/integraciones/apps', { cookie, body: { name, scope } });
  if (res.status !== 201) throw new Error(`create app ${res.status} ${res.text}`);
  return res.json.data;
}

/** POST /oauth/token with a JSON body (or a form one); answers the raw result. */
export async function requestToken(
  ctx: TestContext,
  fields: Record<string, string>,
  opts: { form?: boolean; headers?: Record<string, string> } = {},
) {
  const res = await ctx.app.request(`${PUBLIC_API_BASE}/oauth/token`, {
    method: 'POST',
    headers: {
      'Content-Type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...opts.headers,
    },
    body: opts.form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

export async function tokenOf(ctx: TestContext, app: Pick<IssuedApp, 'client_id' | 'client_secret'>): Promise<string> {
  const res = await requestToken(ctx, {
    grant_type: 'client_credentials',
    client_id: app.client_id,
    client_secret: app.client_secret,
  });
  if (res.status !== 200) throw new Error(`token ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.access_token;
}

/** A GET of the public API with a bearer token (none when undefined). */
export async function publicGet(ctx: TestContext, path: string, token?: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.request(`${PUBLIC_API_BASE}${path}`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}
