import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth.ts';
import { checkLogin, LOGIN_LIMITS, type LoginForm } from './login.ts';

/** The key zod gives each field, or nothing. */
function zodKeys(form: LoginForm): Record<string, string> {
  const r = loginSchema.safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}
const plainKeys = (form: LoginForm) =>
  Object.fromEntries(Object.entries(checkLogin(form)).map(([k, v]) => [k, v!.key]));

describe("login checks without zod (docs/architecture.md §6) agree with the server's loginSchema", () => {
  const cases: LoginForm[] = [
    { username: 'admin', password: 'demo1234' },
    { username: '', password: '' },
    { username: '   ', password: 'x' },
    { username: '  agente  ', password: '   ' },
    { username: 'señor.muñoz', password: 'contraseña con espacios ' },
    { username: 'a'.repeat(LOGIN_LIMITS.username), password: 'p'.repeat(LOGIN_LIMITS.password) },
    { username: 'a'.repeat(LOGIN_LIMITS.username + 1), password: 'p'.repeat(LOGIN_LIMITS.password + 1) },
    { username: `  ${'a'.repeat(LOGIN_LIMITS.username)}  `, password: 'x' },
  ];
  it.each(cases)('%o', (form) => {
    expect(plainKeys(form)).toEqual(zodKeys(form));
  });

  it('says which limit was passed', () => {
    expect(checkLogin({ username: 'a'.repeat(101), password: 'x' }).username).toEqual({
      key: 'validation.max_length',
      params: { max: 100 },
    });
  });
});
