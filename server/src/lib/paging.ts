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

export type ListEnvelope<T> = { data: T[]; current_page: number; total: number; has_more: boolean; rowsPerPage: number };

export function envelope<T>(rows: T[], total: number, q: Pick<PageQuery, 'page' | 'rowsPerPage'>): ListEnvelope<T> {
  return { data: rows, current_page: q.page, total, has_more: q.page * q.rowsPerPage < total, rowsPerPage: q.rowsPerPage };
}

export const offsetOf = (q: Pick<PageQuery, 'page' | 'rowsPerPage'>) => (q.page - 1) * q.rowsPerPage;

/** docs/product.md §7: arrays in the query are comma lists. */
export const commaList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item));
