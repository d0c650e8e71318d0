import { Field, Input } from '@chakra-ui/react';

/** A labelled day input (ISO yyyy-mm-dd, as the API takes it) with its error. */
export function DateField({
  label,
  value,
  onChange,
  error,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Input type="date" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
