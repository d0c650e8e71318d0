import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '#domain/limits';

/** docs/product.md §3 paged list request: page, rowsPerPage, sortBy, descending. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sortBy: z.string().max(64).optional(),
  descending: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A paged list sortable by `keys` only: any other sortBy is a 422 on the field, never a lookup that falls through. */
export const sortedPageQuery = <K extends string>(keys: readonly [K, ...K[]]) =>
  pageQuerySchema.extend({ sortBy: z.enum(keys).optional() });

/**
 * The sort expression of `key`, looked up as an own property only, so '__proto__' or 'constructor'
 * can never yield something of Object.prototype; no key or an unknown one gives the fallback.
 */
export function sortOf<T>(sorts: Readonly<Record<string, T>>, key: string | undefined, fallback: T): T {
  return key !== undefined && Object.hasOwn(sorts, key) ? sorts[key] : fallback;
}

export type ListEnvelope<T> = {
  data: T[];
  current_page: number;
  total: number;
  has_more: boolean;
  rowsPerPage: number;
};

export function envelope<T>(rows: T[], total: number, q: Pick<PageQuery, 'page' | 'rowsPerPage'>): ListEnvelope<T> {
  return {
    data: rows,
    current_page: q.page,
    total,
    has_more: q.page * q.rowsPerPage < total,
    rowsPerPage: q.rowsPerPage,
  };
}

export const offsetOf = (q: Pick<PageQuery, 'page' | 'rowsPerPage'>) => (q.page - 1) * q.rowsPerPage;

/** docs/product.md §7: arrays in the query are comma lists. */
export const commaList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item));
