import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestTarget } from '#domain/integrations';
import { requestTargetSchema } from '#domain/schemas/integrations';

/**
 * The provider's links of a request e-mail (docs/product.md §4, §6): an HMAC-SHA256 signed grant of one step of
 * one company's request (mark in process, or activate a module), valid for 30 days. The token is the only
 * authority of the provider's page: whoever holds it may take that step, nothing else.
 */
export const REQUEST_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The provider's steps: solicitada → en_proceso, and for a module en_proceso → activo. */
export const PROVIDER_STEPS = ['process', 'activate'] as const;
export type ProviderStep = (typeof PROVIDER_STEPS)[number];

export type RequestGrant = { companyId: number; target: RequestTarget; step: ProviderStep; expires: number };

const mac = (secret: string, payload: string) =>
  createHmac('sha256', `integration-request:${secret}`).update(payload).digest('base64url');

export function signRequestToken(secret: string, grant: Omit<RequestGrant, 'expires'>, now = Date.now()): string {
  const target = grant.target.kind === 'module' ? grant.target.module : grant.target.integration;
  const payload = Buffer.from(
    JSON.stringify([grant.companyId, grant.target.kind, target, grant.step, now + REQUEST_LINK_TTL_MS]),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The grant of a genuine, unexpired token; undefined for anything else (the page answers 404 either way). */
export function verifyRequestToken(secret: string, token: string, now = Date.now()): RequestGrant | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !secret) return undefined;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== 5) return undefined;
  const [companyId, kind, name, step, expires] = fields as unknown[];
  const target = requestTargetSchema.safeParse(
    kind === 'module' ? { kind, module: name } : { kind, integration: name },
  );
  if (!Number.isSafeInteger(companyId) || !target.success || !PROVIDER_STEPS.includes(step as ProviderStep))
    return undefined;
  if (typeof expires !== 'number' || now > expires) return undefined;
  return { companyId: companyId as number, target: target.data as RequestTarget, step: step as ProviderStep, expires };
}
