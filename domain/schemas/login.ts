import { fail, type RuleError } from '../validation/rule.ts';
import { lengthOf, maxLength, required } from '../validation/text.ts';

/**
 * The login form's checks without zod. The login page is the app's first load (docs/architecture.md §6:
 * at most 200 KB of gzipped JavaScript) and zod alone is ~25 KB, so the page checks with these
 * plain rules and the server parses with loginSchema (domain/schemas/auth.ts), which is built
 * from the same limits; a parity test keeps the two refusing the same input with the same key.
 */
export const LOGIN_LIMITS = { username: 100, password: 200 } as const;

export type LoginForm = { username: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginForm, RuleError>>;

/** The username is trimmed (spaces alone are nothing); a password is taken exactly as typed. */
export function checkLogin(form: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  const username = required(form.username) ?? maxLength(form.username.trim(), LOGIN_LIMITS.username);
  if (username) errors.username = username;
  const password =
    form.password === ''
      ? fail('validation.required')
      : lengthOf(form.password) > LOGIN_LIMITS.password
        ? fail('validation.max_length', { max: LOGIN_LIMITS.password })
        : null;
  if (password) errors.password = password;
  return errors;
}
