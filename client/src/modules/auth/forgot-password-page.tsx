import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { serverFieldErrors } from '../../api/errors.ts';
import { validate, type FieldErrors } from '../../shared/forms.ts';
import { AuthCard } from './auth-card.tsx';
import { useForgotPassword } from './auth-api.ts';
import { loadAuthSchemas } from './auth-schemas.ts';

/** /auth/forgotten-password: recovery by username (docs/product.md §2). The answer never reveals who exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const request = useForgotPassword();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { forgotPasswordSchema } = await loadAuthSchemas();
    const r = validate(forgotPasswordSchema, { username }, t);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    request.mutate(r.data.username, { onError: (err) => setErrors(serverFieldErrors(err)) });
  };

  return (
    <AuthCard title={t('auth_ui.forgot.title')} subtitle={t('auth_ui.forgot.subtitle')}>
      <Stack gap="4">
        {request.isSuccess ? (
          <Alert.Root status="success" data-testid="forgot-sent">
            <Alert.Indicator />
            <Alert.Title>{request.data.message}</Alert.Title>
          </Alert.Root>
        ) : (
          <form onSubmit={(e) => void submit(e)} onFocus={() => void loadAuthSchemas()} noValidate>
            <Stack gap="4">
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
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
                <Field.ErrorText>{errors.username}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={request.isPending} width="full">
                {t('auth_ui.forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Link asChild alignSelf="center" textStyle="sm" colorPalette="brand">
          <RouterLink to="/auth/login">{t('auth_ui.back_to_login')}</RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
