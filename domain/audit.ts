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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Keys never copied into the trail, whatever record they come from. */
export const AUDIT_REDACTED_KEYS = ['password', 'password_confirmation', 'passwordHash', 'password_hash'] as const;
