/**
 * What a company data export never carries (the one deny list; tables.ts applies it): tables that are credentials
 * through and through, and columns that hold a password, a token, a secret or a signing key, or something made from
 * one. A column is matched by its database name, so a new `*_token_hash` or `*_secret` column is left out the day it
 * exists; a doubtful timestamp next to a token (`confirm_token_used_at`) is left out with it.
 */

/** Whole tables left out: sign-in sessions (the id is the cookie), one-time links and API tokens, sent mails (they
 * carry sign-in and reset links), and the login throttle. */
export const CREDENTIAL_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'password_resets',
  'email_verifications',
  'api_tokens',
  'mail_outbox',
  'auth_throttle',
]);

/** Column names that are, or are made from, credentials (server/src/db/schema: users.password_hash, …). */
const CREDENTIAL_COLUMN = /password|passwd|token|secret|session|signing_key|private_key|api_key|_hash$|_sealed$/;

/** Columns that match no pattern but still are derived from a secret (`table.column`). */
const CREDENTIAL_COLUMNS: ReadonlySet<string> = new Set(['webhook_logs.signature']);

/** Whether a column of a table is kept out of every export. */
export const isCredentialColumn = (table: string, column: string): boolean =>
  CREDENTIAL_COLUMN.test(column) || CREDENTIAL_COLUMNS.has(`${table}.${column}`);
