import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NumberFormatOptions } from './number-format.ts';
import { formatNumber, normalizeNumber, parseNumber, sanitizeNumberText, withDefaults } from './number-format.ts';

export type NumberInputProps = Partial<NumberFormatOptions> & {
  value: number | null;
  /** Called while typing (rounded, not clamped) and on blur or Enter (rounded and clamped to min/max). */
  onChange: (value: number | null) => void;
  label?: string;
  /** Used when there is no visible label. */
  'aria-label'?: string;
  id?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  invalid?: boolean;
  errorText?: string;
  helperText?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  size?: 'sm' | 'md' | 'lg';
};

/**
 * Number field with docs/product.md §5 defaults: thousands '.', decimal ',', precision 2, negatives off,
 * rounding on, optional min/max. It shows the formatted number and commits on blur or Enter; a
 * value moved by min/max or the sign rule is explained under the field.
 */
export function NumberInput(props: NumberInputProps) {
  const { t } = useTranslation();
  const {
    value,
    onChange,
    label,
    id,
    name,
    placeholder,
    disabled,
    readOnly,
    required,
    invalid,
    errorText,
    helperText,
    onBlur,
    size,
  } = props;
  const { thousands, decimal, precision, allowNegative, round, fixed, min, max } = props;
  const options = useMemo(
    () => withDefaults({ thousands, decimal, precision, allowNegative, round, fixed, min, max }),
    [thousands, decimal, precision, allowNegative, round, fixed, min, max],
  );
  const [text, setText] = useState(() => formatNumber(value, options));
  const [notice, setNotice] = useState<string | null>(null);
  const focused = useRef(false);
  const generatedId = useId();
  const inputId = id ?? generatedId;

  // Follow outside changes (form reset, loaded data) but never rewrite what the user is typing.
  useEffect(() => {
    if (!focused.current) setText(formatNumber(value, options));
  }, [value, options]);

  function commit() {
    const parsed = parseNumber(text, options);
    if (parsed === null && text.trim() !== '') {
      // '1,2,3' is no number: keep what was typed and say so, rather than silently emptying it.
      setNotice(t('validation.number'));
      if (value !== null) onChange(null);
      return;
    }
    const { value: next, clamped } = normalizeNumber(parsed, options);
    setText(formatNumber(next, options));
    if (clamped === 'min') setNotice(t('validation.min_value', { min: formatNumber(options.min, options) }));
    else if (clamped === 'max') setNotice(t('validation.max_value', { max: formatNumber(options.max, options) }));
    else if (clamped === 'negative') setNotice(t('widgets.number_input.no_negatives'));
    else setNotice(null);
    if (next !== value) onChange(next);
  }

  function handleChange(raw: string) {
    const clean = sanitizeNumberText(raw, options);
    setText(clean);
    setNotice(null);
    const parsed = parseNumber(clean, options);
    // While typing only round: clamping to min here would fight the user typing '1' on the way to '15'.
    const next = normalizeNumber(parsed, { ...options, min: undefined, max: undefined }).value;
    if (next !== value) onChange(next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') commit();
  }

  const input = (
    <Input
      name={name}
      type="text"
      inputMode={precision === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      textAlign="right"
      size={size}
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      required={required}
      aria-label={label ? undefined : props['aria-label']}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(e) => handleChange(e.target.value)}
      onKeyDown={handleKeyDown}
      onBlur={(e) => {
        focused.current = false;
        if (!readOnly && !disabled) commit();
        onBlur?.(e);
      }}
    />
  );

  return (
    <Field.Root
      invalid={invalid}
      required={required}
      disabled={disabled}
      readOnly={readOnly}
      ids={{ control: inputId }}
    >
      {label && (
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {input}
      {invalid && errorText ? (
        <Field.ErrorText>{errorText}</Field.ErrorText>
      ) : notice || helperText ? (
        <Field.HelperText role={notice ? 'status' : undefined} color={notice ? 'orange.fg' : undefined}>
          {notice ?? helperText}
        </Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
