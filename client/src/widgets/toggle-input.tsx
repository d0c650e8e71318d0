import { useState } from 'react';
import { Field, HStack, Spinner, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type ToggleInputProps = {
  label: string;
  checked: boolean;
  /** May return a promise (e.g. an activate/deactivate request): the switch waits, busy, until it settles. */
  onChange: (checked: boolean) => void | Promise<unknown>;
  /** Helper text under the label. */
  description?: string;
  /** Show a state word beside the switch; true uses 'Sí'/'No', or pass your own words. */
  stateLabels?: boolean | { on: string; off: string };
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
};

/** docs/product.md §2 toggle input: a labelled switch for boolean settings and activate/deactivate actions. */
export function ToggleInput({
  label,
  checked,
  onChange,
  description,
  stateLabels,
  disabled,
  readOnly,
  name,
}: ToggleInputProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const words =
    stateLabels === true ? { on: t('widgets.toggle.on'), off: t('widgets.toggle.off') } : stateLabels || null;

  function handleChange(next: boolean) {
    if (readOnly || pending) return;
    const result = onChange(next);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setPending(true);
      // The caller reports failures (docs/product.md §8 toasts); the switch only has to stop waiting.
      (result as Promise<unknown>).then(
        () => setPending(false),
        () => setPending(false),
      );
    }
  }

  return (
    <Field.Root disabled={disabled} readOnly={readOnly} w="auto">
      <HStack gap="2">
        <Switch.Root
          name={name}
          checked={checked}
          disabled={disabled || pending}
          readOnly={readOnly}
          aria-busy={pending || undefined}
          onCheckedChange={(e) => handleChange(e.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{label}</Switch.Label>
        </Switch.Root>
        {words && (
          <Text fontSize="sm" color="fg.muted" aria-hidden="true">
            {checked ? words.on : words.off}
          </Text>
        )}
        {pending && <Spinner size="xs" />}
      </HStack>
      {description && <Field.HelperText>{description}</Field.HelperText>}
    </Field.Root>
  );
}
