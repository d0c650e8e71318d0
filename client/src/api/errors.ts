import type { FieldErrors } from '../shared/forms.ts';

/** A failed API response (docs/product.md §8): the server's translated message, its errors list and field map. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: string[];
  readonly fields: Record<string, string>;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    const b = (body ?? {}) as { errors?: unknown; fields?: unknown };
    this.errors = Array.isArray(b.errors) ? b.errors.filter((e): e is string => typeof e === 'string') : [];
    this.fields =
      b.fields && typeof b.fields === 'object'
        ? (Object.fromEntries(
            Object.entries(b.fields as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
          ) as Record<string, string>)
        : {};
  }
}

export const isApiError = (e: unknown): e is ApiRequestError => e instanceof ApiRequestError;
export const isUnauthenticated = (e: unknown) => isApiError(e) && e.status === 401;

/** The one place server 422 field errors ({fields}) become form field errors. */
export function serverFieldErrors(err: unknown): FieldErrors {
  return isApiError(err) ? { ...err.fields } : {};
}
