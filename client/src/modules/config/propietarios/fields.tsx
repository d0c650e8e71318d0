import type { ReactNode } from 'react';
import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Base = { label: string; error?: string; required?: boolean; helper?: ReactNode; testId?: string };

export function TextInput({
  label,
  error,
  required,
  helper,
  testId,
  value,
  onChange,
  maxLength,
  type = 'text',
}: Base & { value: string; onChange: (v: string) => void; maxLength?: number; type?: string }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        type={type}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** A text area with the "n / max" counter of docs/product.md §5. */
export function CountedTextarea({
  label,
  error,
  testId,
  value,
  onChange,
  max,
}: Base & { value: string; onChange: (v: string) => void; max: number }) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        rows={4}
        value={value}
        maxLength={max}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      <Field.HelperText
        data-testid={testId ? `${testId}-counter` : undefined}
      >{`${value.length} / ${max}`}</Field.HelperText>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function Select({
  label,
  error,
  value,
  onChange,
  options,
  testId,
}: Base & { value: string; onChange: (v: string) => void; options: { value: string; label: string }[] }) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          <option value="">—</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** A growing list of rows (tax ids, contacts, accessories), each rendered by the caller. */
export function RowList<T>({
  label,
  rows,
  onChange,
  blank,
  max,
  render,
  errorOf,
}: {
  label: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  blank: T;
  max: number;
  render: (row: T, set: (row: T) => void, index: number) => ReactNode;
  errorOf?: (index: number) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <Text fontWeight="medium" textStyle="sm">
        {label}
      </Text>
      {rows.map((row, i) => (
        <Stack key={i} gap="1">
          <HStack gap="2" align="flex-end">
            {render(row, (next) => onChange(rows.map((r, j) => (j === i ? next : r))), i)}
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('deliveries_ui.actions.delete')}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <Trash2 size={16} />
            </IconButton>
          </HStack>
          {errorOf?.(i) ? (
            <Text color="fg.error" textStyle="xs">
              {errorOf(i)}
            </Text>
          ) : null}
        </Stack>
      ))}
      {rows.length < max ? (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onChange([...rows, blank])}>
          <Plus size={14} />
          {t('deliveries_ui.actions.add')}
        </Button>
      ) : null}
    </Stack>
  );
}
