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
  if (local.length > 64 || !LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
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
    const hasHost = host === 'localhost' || host.startsWith('[') || (host.includes('.') && host.split('.').every(Boolean));
    return isHttp && hasHost ? null : fail('validation.url');
  } catch {
    return fail('validation.url');
  }
}
