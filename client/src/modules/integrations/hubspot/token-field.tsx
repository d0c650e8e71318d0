import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A write-only secret: once stored only "Configurado · …abcd" shows, with "Cambiar" to type a new one. `value`
 * undefined keeps the stored secret (the server's rule: a field left out is kept).
 */
export function TokenField({
  label,
  helper,
  stored,
  value,
  error,
  onChange,
}: {
  label: string;
  helper: string;
  stored: { set: boolean; last4: string | null };
  value: string | undefined;
  error?: string;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const editing = value !== undefined || !stored.set;
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {editing ? (
        <HStack w="full">
          <Input
            type="password"
            autoComplete="off"
            value={value ?? ''}
            onChange={(e) => onChange(e.target.value)}
            data-testid="hubspot-token"
          />
          {stored.set ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(undefined)}>
              {t('integrations_ui.hubspot.cancel_change')}
            </Button>
          ) : null}
        </HStack>
      ) : (
        <HStack>
          <Text data-testid="hubspot-token-stored">
            {stored.last4
              ? t('integrations_ui.hubspot.token_set', { last4: stored.last4 })
              : t('integrations_ui.hubspot.token_set_short')}
          </Text>
          <Button variant="outline" size="sm" onClick={() => onChange('')} data-testid="hubspot-token-change">
            {t('integrations_ui.hubspot.change')}
          </Button>
        </HStack>
      )}
      <Field.HelperText>{helper}</Field.HelperText>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
