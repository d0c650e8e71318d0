import { useState, type FormEvent } from 'react';
import { Button, Field, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, PASSWORD_MIN } from '#domain/schemas/auth';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PasswordInput } from '../../auth/index.ts';
import { useChangePassword } from './account-api.ts';
import { SectionCard } from './section-card.tsx';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Password change; the confirmation must match ('Valores no coinciden', docs/product.md §5). */
export function PasswordSection() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = validate(changePasswordSchema, form, t);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    change.mutate(r.data, {
      onSuccess: (answer) => {
        setForm(EMPTY);
        showSuccessToast(answer.message);
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string, helper?: string) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <PasswordInput
        name={name}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {helper && !errors[name] ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <SectionCard title={t('account.page.password.title')} testId="account-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="4" maxW="md">
          {field('current_password', t('account.page.password.current'), 'current-password')}
          {field(
            'password',
            t('account.page.password.new'),
            'new-password',
            t('account.page.password.hint', { min: PASSWORD_MIN }),
          )}
          {field('password_confirmation', t('account.page.password.confirmation'), 'new-password')}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={change.isPending}>
            {t('account.page.password.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
