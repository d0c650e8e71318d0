import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../shared/forms.ts';

/** A short list of e-mail addresses, one input each, with add and remove; errors per line (emails.0…). */
export function EmailListField({
  label,
  helper,
  values,
  max,
  errors,
  onChange,
}: {
  label: string;
  helper: string;
  values: string[];
  max: number;
  errors: FieldErrors;
  onChange: (values: string[]) => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, value: string) => onChange(values.map((v, j) => (j === i ? value : v)));
  return (
    <Field.Root invalid={Boolean(errors.emails)}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="2" w="full">
        {values.map((value, i) => (
          <Field.Root key={i} invalid={Boolean(errors[`emails.${i}`])}>
            <HStack w="full">
              <Input
                type="email"
                value={value}
                onChange={(e) => set(i, e.target.value)}
                aria-label={`${label} ${i + 1}`}
                data-testid={`hubspot-email-${i}`}
              />
              <Button variant="ghost" size="sm" onClick={() => onChange(values.filter((_, j) => j !== i))}>
                {t('integrations_ui.hubspot.remove_email')}
              </Button>
            </HStack>
            {errors[`emails.${i}`] ? <Field.ErrorText>{errors[`emails.${i}`]}</Field.ErrorText> : null}
          </Field.Root>
        ))}
        <Button
          alignSelf="flex-start"
          variant="outline"
          size="sm"
          disabled={values.length >= max}
          onClick={() => onChange([...values, ''])}
          data-testid="hubspot-email-add"
        >
          {t('integrations_ui.hubspot.add_email')}
        </Button>
      </Stack>
      <Field.HelperText>{helper}</Field.HelperText>
      {errors.emails ? <Field.ErrorText>{errors.emails}</Field.ErrorText> : null}
    </Field.Root>
  );
}
