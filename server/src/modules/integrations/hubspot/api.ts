import type { AppDeps } from '../../../http/context.ts';
import { outboundRequest } from '../../../lib/outbound.ts';
import { SyncError } from '../sync/jobs.ts';

/**
 * The few HubSpot CRM v3/v4 calls the integration makes (docs/api.md#hubspot), through server/src/lib/outbound.ts
 * so the address filter, the deadline and the answer cap apply. A 5xx, a 429 or the network is worth another try
 * (the sync jobs retry); any other 4xx (a revoked token, a wrong pipeline) is not.
 */
export type HubspotAnswer = { status: number; body: string; json: Record<string, unknown> };

export type HubspotCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  body?: unknown,
) => Promise<HubspotAnswer>;

const parse = (body: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A caller of the company's HubSpot account: its private app's access token, HUBSPOT_API_URL as root. */
export function hubspotApi(deps: Pick<AppDeps, 'config'>, accessToken: string): HubspotCall {
  return async (method, path, body) => {
    const res = await outboundRequest({
      url: `${deps.config.hubspotApiUrl}${path}`,
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      allow: deps.config.outboundAllow,
    });
    const text = res.body.toString('utf8');
    const json = parse(text);
    if (res.status >= 400) {
      const detail = typeof json.message === 'string' ? `: ${json.message}` : '';
      throw new SyncError(`HubSpot ${method} ${path.split('?')[0]} → HTTP ${res.status}${detail}`, {
        retry: res.status >= 500 || res.status === 429,
        statusCode: res.status,
        body: text,
      });
    }
    return { status: res.status, body: text, json };
  };
}

/** The HubSpot object id an answer names. */
export const idOf = (answer: HubspotAnswer) => String(answer.json.id ?? '');
