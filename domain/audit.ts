/**
 * The administrative audit trail (docs/product.md §1 administration): what kinds of records it follows and
 * what was done to them. Every administrative change is written with who, when, what, before and after.
 */
export const AUDIT_ENTITIES = [
  'user',
  'position',
  'profile',
  'user_limit',
  'module',
  'worker',
  'course',
  'course_assignment',
  'integration',
  'api_app',
  'webhook_application',
  'billing_plan',
  'invoice',
  'data_export',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'enabled',
  'disabled',
  'duplicated',
  'imported',
  'assigned',
  'extended',
  'completed',
  'requested',
  'issued',
  'paid',
  'downloaded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Keys never copied into the trail, whatever record they come from. */
export const AUDIT_REDACTED_KEYS = [
  'password',
  'password_confirmation',
  'passwordHash',
  'password_hash',
  'client_secret',
  'secret_hash',
] as const;

/** One field of an audit line as the screen shows it: its value before and after (docs/product.md §1). */
export type AuditChange = { field: string; before: unknown; after: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The field-by-field difference of a before/after pair, in the order the fields first appear: a creation lists
 * every field with no before, a deletion every field with no after, an update only the fields that changed.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !same(before?.[field], after?.[field]))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}
