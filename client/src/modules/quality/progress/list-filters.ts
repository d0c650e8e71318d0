import type { QualityAttribute } from '#domain/quality-responses';
import type { ActivityListParams } from '../api/activities.ts';

/**
 * The activity list's filters as the URL keeps them: ?q=losa&values=12,15 (value ids of any attributes; the server
 * ORs the values of one attribute and ANDs the attributes, domain/schemas/quality.ts activityListQuerySchema).
 */
const idsOf = (raw: string | null) => (raw ?? '').split(',').filter((v) => /^\d{1,9}$/.test(v));

/** The request of a URL: only well-formed values, so a hand-edited address never becomes a 422. */
export function activityParamsOf(search: URLSearchParams): ActivityListParams {
  const out: ActivityListParams = {};
  const q = (search.get('q') ?? '').trim().slice(0, 120);
  if (q) out.q = q;
  const values = [...new Set(idsOf(search.get('values')))].slice(0, 50);
  if (values.length) out.values = values.join(',');
  return out;
}

export const selectedValues = (params: ActivityListParams): string[] => (params.values ? params.values.split(',') : []);

/** The chosen values of one attribute, among all chosen. */
export function valuesOfAttribute(attribute: QualityAttribute, chosen: readonly string[]): string[] {
  const own = new Set(attribute.values.map((v) => String(v.id)));
  return chosen.filter((v) => own.has(v));
}

/** The URL after one attribute's choice changed: the other attributes' values stay. */
export function withAttributeValues(
  search: URLSearchParams,
  attribute: QualityAttribute,
  picked: readonly string[],
): URLSearchParams {
  const own = new Set(attribute.values.map((v) => String(v.id)));
  const others = idsOf(search.get('values')).filter((v) => !own.has(v));
  return withParam(search, 'values', [...others, ...picked].join(','));
}

export function withParam(search: URLSearchParams, key: 'q' | 'values', value: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

export const isFiltered = (params: ActivityListParams) => Boolean(params.q || params.values);
