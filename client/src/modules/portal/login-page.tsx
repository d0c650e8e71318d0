import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '#domain/schemas/auth';
import { isApiError, serverFieldErrors } from '../../api/errors.ts';
import { validate, type FieldErrors } from '../../shared/forms.ts';
import { useAuthUser } from '../../api/session/auth-user.ts';
import { usePortalLogin } from './api/portal-session.ts';

/** Only portal paths are followed after signing in (no open redirect). */
const safePortalPath = (raw: string | null) =>
  raw && raw.startsWith('/portal/') && !raw.startsWith('//') ? raw : '/portal/inicio';

/** Owner sign-in (docs/product.md#owner-portal). First access goes through /portal/acceso, which e-mails a link. */
export function PortalLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { data: user } = useAuthUser();
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const next = safePortalPath(search.get('redirect'));
  const login = usePortalLogin();
  if (user?.kind === 'owner') return <Navigate to={next} replace />;
  function submit(e: FormEvent) {
    e.preventDefault();
    const r = validate(loginSchema, form, t);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    login.mutate(r.data, {
      onSuccess: () => navigate(next, { replace: true }),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  }
  const failure = login.error
    ? isApiError(login.error) && login.error.message
      ? login.error.message
      : t('common.error_default')
    : '';
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} noValidate data-testid="portal-login">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              {t('portal.login.title')}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {t('portal.login.subtitle')}
            </Text>
            {failure ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Field.Root invalid={Boolean(errors.username)} required>
              <Field.Label>{t('portal.login.username')}</Field.Label>
              <Input
                autoComplete="username"
                autoCapitalize="none"
                value={form.username}
                onChange={(e) => setForm({ ...form, username: e.target.value })}
              />
              <Field.ErrorText>{errors.username}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.password)} required>
              <Field.Label>{t('portal.login.password')}</Field.Label>
              <Input
                type="password"
                autoComplete="current-password"
                value={form.password}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
              />
              <Field.ErrorText>{errors.password}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={login.isPending} width="full">
              {t('portal.login.submit')}
            </Button>
            <Link asChild alignSelf="center" textStyle="sm" colorPalette="brand">
              <RouterLink to="/portal/acceso">{t('portal.login.first_access')}</RouterLink>
            </Link>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
