import { createHash } from 'node:crypto';
import type { AppDeps } from '../../../http/context.ts';
import { outboundRequest } from '../../../lib/outbound.ts';
import { SyncError } from '../sync/jobs.ts';

/**
 * The calls to Procore (docs/product.md §1 construction management platform): an OAuth client-credentials token,
 * kept in this process's memory per company until shortly before it expires (never written anywhere), and JSON
 * requests with the Procore-Company-Id header. Every call goes through server/src/lib/outbound.ts.
 */

/** What the server calls Procore with: the company's Procore account and OAuth client. */
export type ProcoreCredentials = {
  companyId: number;
  procoreCompanyId: string;
  clientId: string;
  clientSecret: string;
};

type CachedToken = { key: string; token: string; expiresAt: number };
const tokens = new Map<number, CachedToken>();
/** A token is renewed this long before Procore says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** The credentials of a saved connection (settings + opened secrets), or undefined when one is missing. */
export function credentialsOf(
  companyId: number,
  settings: Record<string, unknown>,
  secrets: Record<string, string>,
): ProcoreCredentials | undefined {
  const procoreCompanyId = typeof settings.company_id === 'string' ? settings.company_id : '';
  const clientId = typeof settings.client_id === 'string' ? settings.client_id : '';
  const clientSecret = secrets.client_secret ?? '';
  if (!procoreCompanyId || !clientId || !clientSecret) return undefined;
  return { companyId, procoreCompanyId, clientId, clientSecret };
}

/** Changed credentials (or another login server) never reuse the old token. */
const cacheKey = (deps: AppDeps, c: ProcoreCredentials) =>
  createHash('sha256').update(`${deps.config.procore.loginUrl}\n${c.clientId}\n${c.clientSecret}`).digest('hex');

/** A failed answer as the sync path understands it: 5xx and 429 may pass, any other 4xx will be answered again. */
function failedAnswer(what: string, status: number, body: string): SyncError {
  return new SyncError(`Procore ${what}: HTTP ${status}`, {
    retry: status >= 500 || status === 429,
    statusCode: status,
    body,
  });
}

async function accessToken(deps: AppDeps, c: ProcoreCredentials, now = Date.now()): Promise<string> {
  const key = cacheKey(deps, c);
  const cached = tokens.get(c.companyId);
  if (cached && cached.key === key && cached.expiresAt > now) return cached.token;
  const res = await outboundRequest({
    url: `${deps.config.procore.loginUrl}/oauth/token`,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
    allow: deps.config.outboundAllow,
  });
  const text = res.body.toString();
  if (res.status >= 400) throw failedAnswer('token', res.status, text);
  const json = parseJson(text) as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (typeof json?.access_token !== 'string') throw new SyncError('Procore token: no access_token', { retry: true });
  const seconds = typeof json.expires_in === 'number' ? json.expires_in : 3600;
  tokens.set(c.companyId, { key, token: json.access_token, expiresAt: now + seconds * 1000 - EXPIRY_MARGIN_MS });
  return json.access_token;
}

/** Forgets a company's token (its credentials changed, or Procore refused it). */
export const forgetToken = (companyId: number) => tokens.delete(companyId);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type ProcoreAnswer = { status: number; text: string; json: unknown };

/** One authenticated call to Procore's REST API; a failed answer throws a SyncError (401 also drops the token). */
export async function procoreRequest(
  deps: AppDeps,
  c: ProcoreCredentials,
  request: { method?: 'GET' | 'POST' | 'PATCH'; path: string; query?: Record<string, string>; body?: unknown },
): Promise<ProcoreAnswer> {
  const token = await accessToken(deps, c);
  const url = new URL(`${deps.config.procore.apiUrl}${request.path}`);
  for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.set(k, v);
  const res = await outboundRequest({
    url: url.href,
    method: request.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'procore-company-id': c.procoreCompanyId,
      accept: 'application/json',
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    allow: deps.config.outboundAllow,
  });
  const text = res.body.toString();
  if (res.status === 401) forgetToken(c.companyId);
  if (res.status >= 400) throw failedAnswer(`${request.method ?? 'GET'} ${request.path}`, res.status, text);
  return { status: res.status, text, json: parseJson(text) };
}
