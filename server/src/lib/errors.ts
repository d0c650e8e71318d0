import type { Params } from './i18n.ts';

export type FieldError = { field: string; key: string; params?: Params };

/**
 * An error the API answers with {message, errors[]} (docs/product.md §7/§8). Messages are locale keys,
 * translated by the error handler with the caller's Accept-Language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params?: Params,
    readonly fieldErrors: FieldError[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export const notFound = () => new ApiError(404, 'errors.not_found');
export const forbidden = () => new ApiError(403, 'errors.no_permission');
export const unauthenticated = () => new ApiError(401, 'errors.unauthenticated');
export const unprocessable = (fieldErrors: FieldError[], key = 'errors.validation') =>
  new ApiError(422, key, undefined, fieldErrors);
export const conflict = (key: string, params?: Params) => new ApiError(409, key, params);

/** Whether a database error (or the driver error Drizzle wraps as its cause) broke the unique index `name`. */
export function isUniqueViolation(error: unknown, name: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && (e.constraint === name || e.message?.includes(name))) return true;
  }
  return false;
}
