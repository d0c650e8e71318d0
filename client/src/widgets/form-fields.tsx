import type { ReactNode } from 'react';
import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';

type Base = {
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  helper?: ReactNode;
  testId?: string;
};

/** Labelled native select with its error (native: light, and usable with the phone's own picker). */
export function SelectField({
  label,
  error,
  required,
  disabled,
  helper,
  testId,
  value,
  onChange,
  options,
  placeholder,
}: Base & {
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function TextField({
  label,
  error,
  required,
  disabled,
  helper,
  testId,
  value,
  onChange,
  maxLength,
}: Base & {
  value: string;
  onChange: (v: string) => void;
  maxLength?: number;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input value={value} onChange={(e) => onChange(e.target.value)} maxLength={maxLength} data-testid={testId} />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function TextAreaField({
  label,
  error,
  required,
  disabled,
  helper,
  testId,
  value,
  onChange,
  maxLength,
  rows = 4,
}: Base & {
  value: string;
  onChange: (v: string) => void;
  maxLength?: number;
  rows?: number;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Textarea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        rows={rows}
        data-testid={testId}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
