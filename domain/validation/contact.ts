import { fail, isAbsent, type RuleResult } from './rule.ts';

// WHATWG's e-mail grammar (what <input type=email> accepts), plus a dotted domain with a letter TLD,
// because 'ana@empresa' cannot receive mail from us.
const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

function isEmailAddress(text: string): boolean {
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at < 1 || at !== text.indexOf('@')) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return false;
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /^[A-Za-z]{2,}$/.test(labels[labels.length - 1]);
}

/**
 * docs/product.md §5: a valid address that does not contain the letter ñ. The ñ gets its own message because
 * it is the usual mistake of Spanish keyboards and a plain "invalid" would not explain it.
 * Surrounding spaces are ignored (the schemas trim before they check).
 */
export function email(value: unknown): RuleResult {
  if (isAbsent(value)) return null;
  if (typeof value !== 'string') return fail('validation.email');
  const text = value.trim();
  if (/ñ/i.test(text)) return fail('validation.email_no_enie');
  return isEmailAddress(text) ? null : fail('validation.email');
}

/** docs/product.md §5 "URL must be valid": absolute http(s) with a host (webhook and integration URLs). */
export function url(value: unknown): RuleResult {
  if (isAbsent(value)) return null;
  if (typeof value !== 'string' || /\s/.test(value.trim())) return fail('validation.url');
  try {
    const parsed = new URL(value.trim());
    const isHttp = parsed.protocol === 'http:' || parsed.protocol === 'https:';
    const host = parsed.hostname;
    // A dotted name (every label non-empty), localhost for development, or an IPv6 literal.
    const hasHost =
      host === 'localhost' || host.startsWith('[') || (host.includes('.') && host.split('.').every(Boolean));
    return isHttp && hasHost ? null : fail('validation.url');
  } catch {
    return fail('validation.url');
  }
}

/**
 * A site allowed to embed the owner portal (its frame-ancestors, and the Origin the live gateway
 * accepts from it): `https://host[:port]`, a dotted host name of letters, digits and hyphens,
 * nothing after it. Plain http is refused: anyone on that site's network path could then frame the
 * portal and open its socket (docs/decisions.md, Hardening). Not a URL at all: `validation.url`.
 */
export function embeddingOrigin(value: unknown): RuleResult {
  if (isAbsent(value)) return null;
  if (typeof value !== 'string' || /\s/.test(value.trim())) return fail('validation.url');
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    return fail('validation.url');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fail('validation.url');
  const labels = parsed.hostname.split('.');
  const isOrigin =
    parsed.protocol === 'https:' &&
    !parsed.username &&
    !parsed.password &&
    parsed.pathname === '/' &&
    !parsed.search &&
    !parsed.hash &&
    labels.length >= 2 &&
    labels.every((l) => LABEL.test(l));
  return isOrigin ? null : fail('validation.https_origin');
}

export const isEmbeddingOrigin = (value: unknown): value is string =>
  !isAbsent(value) && embeddingOrigin(value) === null;

/** The origin as a browser sends it in `Origin`: lower case, without the default port or a slash. */
export const toEmbeddingOrigin = (value: string) => new URL(value.trim()).origin;
