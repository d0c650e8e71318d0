/**
 * docs/product.md §7 query serialisation: arrays become comma lists, null and undefined are omitted,
 * dates go as ISO strings and other objects as JSON.
 */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Date
  | readonly (string | number | boolean)[]
  | Record<string, unknown>;
export type QueryParams = Record<string, QueryValue | unknown>;

function serialise(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value))
    return value
      .filter((v) => v !== null && v !== undefined)
      .map((v) => String(v))
      .join(',');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function toSearchParams(query: QueryParams | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    const s = serialise(value);
    if (s !== undefined) params.append(key, s);
  }
  return params;
}

/** Appends the query to a path or URL that may already carry a search part. */
export function withQuery(url: string, query: QueryParams | undefined): string {
  const qs = toSearchParams(query).toString();
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

/** docs/product.md §7: an absolute URL (another origin, a presigned storage URL) goes without our headers. */
export const isAbsoluteUrl = (url: string) => /^([a-z][a-z\d+.-]*:)?\/\//i.test(url);
