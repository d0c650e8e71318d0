import { useState } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CBOX_LIMITS } from '#domain/cbox';
import { cboxLinkCreateSchema, type CboxTarget } from '#domain/schemas/cbox';
import { serverFieldErrors } from '../../../api/errors.ts';
import { dayjs } from '../../../shared/dayjs.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { dateText } from '../../../widgets/date-text.ts';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { useCreateLink, type CreatedLink } from '../api/sharing-api.ts';

/** A link's default life (docs/product.md §6 links: a week unless the sharer says otherwise). */
const DEFAULT_DAYS = 7;
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

/** A new link: an optional label, the last day it works (a week ahead by default), an optional password. */
export function LinkForm({ target, onCreated }: { target: CboxTarget; onCreated: (link: CreatedLink) => void }) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  const create = useCreateLink(target);
  const [label, setLabel] = useState('');
  const [expiresOn, setExpiresOn] = useState(() => day(DEFAULT_DAYS));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [first, last] = [day(0), day(CBOX_LIMITS.linkMaxDays)];

  const submit = () => {
    const input = {
      ...target,
      label: label.trim() || undefined,
      expires_on: expiresOn,
      password: password || undefined,
    };
    const checked = validate(cboxLinkCreateSchema, input, t);
    const range: FieldErrors =
      expiresOn && (expiresOn < first || expiresOn > last)
        ? { expires_on: t('cbox_ui.links.expiry_range', { date: dateText(last, locale) }) }
        : {};
    const found = checked.ok ? range : { ...checked.errors, ...range };
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    create.mutate(
      { label: checked.data.label, expires_on: checked.data.expires_on, password: checked.data.password },
      {
        onSuccess: (link) => {
          setLabel('');
          setPassword('');
          setExpiresOn(day(DEFAULT_DAYS));
          onCreated(link);
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby="cbox-link-create-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="link-form"
    >
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Text id="cbox-link-create-title" fontWeight="semibold">
          {t('cbox_ui.links.create_title')}
        </Text>
        <TextField
          label={t('cbox_ui.links.label')}
          value={label}
          onChange={setLabel}
          maxLength={80}
          error={errors.label}
          testId="link-label"
        />
        <Field.Root invalid={Boolean(errors.expires_on)} required>
          <Field.Label>
            {t('cbox_ui.links.expires_on')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="date"
            value={expiresOn}
            min={first}
            max={last}
            onChange={(e) => setExpiresOn(e.target.value)}
            data-testid="link-expires"
          />
          <Field.HelperText>{t('cbox_ui.links.expiry_help', { date: dateText(last, locale) })}</Field.HelperText>
          {errors.expires_on ? <Field.ErrorText>{errors.expires_on}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>{t('cbox_ui.links.password')}</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="link-password"
          />
          <Field.HelperText>{t('cbox_ui.links.password_help', { min: CBOX_LIMITS.linkPasswordMin })}</Field.HelperText>
          {errors.password ? <Field.ErrorText>{errors.password}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" colorPalette="brand" minH="44px" alignSelf="flex-start" loading={create.isPending}>
          {t('cbox_ui.links.create')}
        </Button>
      </Stack>
    </form>
  );
}
