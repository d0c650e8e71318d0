import { useState, type FormEvent } from 'react';
import { Badge, Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { updateAccountSchema } from '#domain/schemas/account';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import type { AuthUser } from '../../../api/session/auth-user.ts';
import { useRequestEmailVerification, useSaveUser } from './account-api.ts';
import { SectionCard } from './section-card.tsx';

/** Basic info (docs/product.md §2 cuenta): names and e-mail; the e-mail shows whether it is verified. */
export function BasicInfoSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ first_name: user.first_name, last_name: user.last_name, email: user.email ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveUser();
  const verify = useRequestEmailVerification();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = validate(updateAccountSchema, form, t);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate(r.data, {
      onSuccess: (answer) => showSuccessToast(answer.message),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  const field = (name: keyof typeof form, label: string, type = 'text', autoComplete?: string) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <SectionCard title={t('account.page.basic.title')} testId="account-basic">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <HStack gap="2" wrap="wrap">
            <Text textStyle="sm" color="fg.muted">
              {t('account.page.basic.username')}
            </Text>
            <Text textStyle="sm" fontWeight="medium">
              {user.username}
            </Text>
          </HStack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {field('first_name', t('account.page.basic.first_name'), 'text', 'given-name')}
            {field('last_name', t('account.page.basic.last_name'), 'text', 'family-name')}
          </SimpleGrid>
          {field('email', t('account.page.basic.email'), 'email', 'email')}
          <HStack gap="2" wrap="wrap">
            {user.email_verified ? (
              <Badge colorPalette="green" data-testid="email-verified">
                {t('account.page.basic.email_verified')}
              </Badge>
            ) : (
              <>
                <Badge colorPalette="orange" data-testid="email-unverified">
                  {t('account.page.basic.email_unverified')}
                </Badge>
                {user.email ? (
                  <Button
                    size="xs"
                    variant="outline"
                    loading={verify.isPending}
                    onClick={() => verify.mutate(undefined, { onSuccess: (r) => showSuccessToast(r.message) })}
                  >
                    {t('account.page.basic.send_verification')}
                  </Button>
                ) : null}
              </>
            )}
          </HStack>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
            {t('account.page.save')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
