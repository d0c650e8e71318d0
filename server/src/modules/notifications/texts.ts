import type { Params, Translate } from '../../lib/i18n.ts';

/**
 * Notification params are stored untranslated: plain values, or {key} for words from the locale
 * files (a state, an action), so each reader sees them in their language. A key with no words
 * (a machine not yet described) shows its last segment rather than a dotted key.
 */
export function renderParams(t: Translate, params: Record<string, unknown>): Params {
  const out: Params = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
    else if (value && typeof value === 'object' && typeof (value as { key?: unknown }).key === 'string') {
      const key = (value as { key: string }).key;
      const text = t(key);
      out[name] = text === key ? key.slice(key.lastIndexOf('.') + 1) : text;
    }
  }
  return out;
}
