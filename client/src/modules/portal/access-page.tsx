import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { forgotPasswordSchema } from '#domain/schemas/auth';
import { serverFieldErrors } from '../../api/errors.ts';
import { validate, type FieldErrors } from '../../shared/forms.ts';
import { useRequestAccessLink } from './api/portal-session.ts';

/**
 * First access (docs/product.md#owner-portal): the owner asks for an e-mailed link that lets them choose a password
 * (the server's password link; docs/product.md §5: only to a verified address).
 */
export function PortalAccessPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useRequestAccessLink();
  function submit(e: FormEvent) {
    e.preventDefault();
    const r = validate(forgotPasswordSchema, { username }, t);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    send.mutate(r.data.username, { onError: (err) => setErrors(serverFieldErrors(err)) });
  }
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} noValidate data-testid="portal-access">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              {t('portal.access.title')}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {t('portal.access.intro')}
            </Text>
            {send.isSuccess ? (
              <Alert.Root status="success">
                <Alert.Indicator />
                <Alert.Title>{send.data.message || t('portal.access.sent')}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Field.Root invalid={Boolean(errors.username)} required>
              <Field.Label>{t('portal.login.username')}</Field.Label>
              <Input autoCapitalize="none" value={username} onChange={(e) => setUsername(e.target.value)} />
              <Field.ErrorText>{errors.username}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={send.isPending} width="full">
              {t('portal.access.submit')}
            </Button>
            <Link asChild alignSelf="center" textStyle="sm" colorPalette="brand">
              <RouterLink to="/portal/ingresar">{t('portal.access.back')}</RouterLink>
            </Link>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
