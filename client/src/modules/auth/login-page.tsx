import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError, serverFieldErrors } from '../../api/errors.ts';
import { checkLogin } from '#domain/schemas/login';
import type { FieldErrors } from '../../shared/forms.ts';
import { PageSpinner } from '../../shared/layout/page-states.tsx';
import { authUserQuery } from '../../api/session/auth-user.ts';
import { preloadSignedInShell } from '../../shared/signed-in-shell.ts';
import { AuthCard } from './auth-card.tsx';
import { safeRedirect, useLogin } from './auth-api.ts';
import { PasswordInput } from './password-input.tsx';

/** /auth/login (docs/product.md §2, messages of docs/product.md §8 come translated from the server). */
export function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useQuery(authUserQuery);
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const redirect = safeRedirect(search.get('redirect'));

  const login = useLogin();

  if (session.isPending) return <PageSpinner minH="100dvh" />;
  if (session.data) return <Navigate to={redirect} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Plain checks, not zod: this page is the first load (domain/schemas/login.ts).
    const checked = Object.entries(checkLogin(form)).map(([field, e]) => [field, t(e.key, e.params)]);
    login.reset(); // a new attempt: the last one's failure no longer applies
    if (checked.length) return setErrors(Object.fromEntries(checked));
    setErrors({});
    preloadSignedInShell(); // fetched while the server checks the password
    login.mutate(
      { username: form.username.trim(), password: form.password },
      {
        onSuccess: () => navigate(redirect, { replace: true }),
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };
  const failure =
    login.error && isApiError(login.error) && login.error.message
      ? login.error.message
      : login.error
        ? t('common.error_default')
        : '';

  return (
    <AuthCard title={t('auth_ui.login.title')} subtitle={t('auth_ui.login.subtitle')}>
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="4">
          {failure ? (
            <Alert.Root status="error" data-testid="login-error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root invalid={Boolean(errors.username)} required>
            <Field.Label>
              {t('auth_ui.username')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              autoFocus
              value={form.username}
              onChange={(e) => setForm({ ...form, username: e.target.value })}
            />
            <Field.ErrorText>{errors.username}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.password)} required>
            <Field.Label>
              {t('auth_ui.password')}
              <Field.RequiredIndicator />
            </Field.Label>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
            />
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={login.isPending} width="full">
            {t('auth_ui.login.submit')}
          </Button>
          <Link asChild alignSelf="center" textStyle="sm" colorPalette="brand">
            <RouterLink to="/auth/forgotten-password">{t('auth_ui.login.forgot_link')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
