import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError, serverFieldErrors } from '../../api/errors.ts';
import { validate, type FieldErrors } from '../../shared/forms.ts';
import { AuthCard } from './auth-card.tsx';
import { useResetPassword } from './auth-api.ts';
import { PasswordInput } from './password-input.tsx';
import { loadAuthSchemas, useAuthSchemas } from './auth-schemas.ts';

/** /auth/reset?token=… — the link mailed by the forgotten-password flow. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  // Owners' links carry portal=1: after the reset they sign in to the owner portal.
  const signInPath = search.get('portal') === '1' ? '/portal/ingresar' : '/auth/login';
  const [form, setForm] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const schemas = useAuthSchemas(true);
  const reset = useResetPassword();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { resetPasswordSchema } = await loadAuthSchemas();
    const r = validate(resetPasswordSchema, { token, ...form }, t);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    reset.mutate(r.data, { onError: (err) => setErrors(serverFieldErrors(err)) });
  };
  const tokenRejected = !token || Boolean(errors.token) || (isApiError(reset.error) && 'token' in reset.error.fields);

  return (
    <AuthCard
      title={t('auth_ui.reset.title')}
      subtitle={schemas ? t('auth_ui.reset.subtitle', { min: schemas.PASSWORD_MIN }) : '\u00a0'}
    >
      <Stack gap="4">
        {reset.isSuccess ? (
          <Alert.Root status="success" data-testid="reset-done">
            <Alert.Indicator />
            <Alert.Title>{reset.data.message}</Alert.Title>
          </Alert.Root>
        ) : tokenRejected ? (
          <Alert.Root status="error" data-testid="reset-invalid">
            <Alert.Indicator />
            <Alert.Title>{t('auth.reset_invalid')}</Alert.Title>
          </Alert.Root>
        ) : null}
        {!reset.isSuccess && !tokenRejected ? (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.password)} required>
                <Field.Label>
                  {t('auth_ui.reset.password')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <PasswordInput
                  name="password"
                  autoComplete="new-password"
                  autoFocus
                  value={form.password}
                  onChange={(e) => setForm({ ...form, password: e.target.value })}
                />
                <Field.ErrorText>{errors.password}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.password_confirmation)} required>
                <Field.Label>
                  {t('auth_ui.reset.confirmation')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <PasswordInput
                  name="password_confirmation"
                  autoComplete="new-password"
                  value={form.password_confirmation}
                  onChange={(e) => setForm({ ...form, password_confirmation: e.target.value })}
                />
                <Field.ErrorText>{errors.password_confirmation}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={reset.isPending} width="full">
                {t('auth_ui.reset.submit')}
              </Button>
            </Stack>
          </form>
        ) : null}
        <Link asChild alignSelf="center" textStyle="sm" colorPalette="brand">
          <RouterLink to={tokenRejected && !reset.isSuccess ? '/auth/forgotten-password' : signInPath}>
            {t(tokenRejected && !reset.isSuccess ? 'auth_ui.reset.request_again' : 'auth_ui.back_to_login')}
          </RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
