import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TIME_PICKER_MINUTES } from '#domain/limits';
import { SLOT_MINUTES } from '#domain/schemas/after-sales';
import { toIsoDate } from './date-range.ts';

/** docs/product.md §9 time picker: hours 0 to 23, minutes 0, 15, 30 or 45. */
export const PICKER_HOURS = Array.from({ length: 24 }, (_, h) => h);
export const PICKER_MINUTES = TIME_PICKER_MINUTES;
/** Visit lengths offered, all whole quarters (the API refuses anything else). */
export const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480];

export type Slot = { date: string; hour: number; minute: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** A picked slot → the ISO instant the API takes (local wall time of the browser). */
export function slotToIso(slot: Slot): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(slot.date);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), slot.hour, slot.minute, 0, 0).toISOString();
}

/** An instant → the slot that shows it, minutes snapped down to the quarter (docs/product.md §9). */
export function isoToSlot(iso: string | null | undefined, fallback = new Date()): Slot {
  const d = iso ? new Date(iso) : fallback;
  const valid = Number.isNaN(d.getTime()) ? fallback : d;
  return {
    date: toIsoDate(valid),
    hour: valid.getHours(),
    minute: Math.floor(valid.getMinutes() / SLOT_MINUTES) * SLOT_MINUTES,
  };
}

export function durationText(minutes: number, t: (k: string, o?: Record<string, unknown>) => string) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return t('after_sales_ui.time.minutes', { count: m });
  return m
    ? t('after_sales_ui.time.hours_minutes', { hours: h, minutes: pad(m) })
    : t('after_sales_ui.time.hours', { count: h });
}

type Props = {
  label: string;
  value: Slot;
  onChange: (slot: Slot) => void;
  invalid?: boolean;
  errorText?: string;
  disabled?: boolean;
  required?: boolean;
};

type TwoDigitSelectProps = {
  label: string;
  options: readonly number[];
  value: number;
  testId: string;
  onChange: (n: number) => void;
};

/** An hour or minute select showing its numbers as two digits ("00"), wide enough beside its arrow. */
function TwoDigitSelect({ label, options, value, testId, onChange }: TwoDigitSelectProps) {
  return (
    <NativeSelect.Root width="5rem">
      <NativeSelect.Field
        aria-label={label}
        value={value}
        data-testid={testId}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {pad(n)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Date plus hour (00–23) and minute (00/15/30/45) selects: a visit always starts on a quarter hour. */
export function SlotPicker({ label, value, onChange, invalid, errorText, disabled, required }: Props) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={invalid} disabled={disabled} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {/* Each select is wide enough for "00" beside its arrow; on a narrow phone the time wraps under the date. */}
      <HStack gap="2" wrap="wrap" rowGap="2">
        <Input
          type="date"
          value={value.date}
          onChange={(e) => onChange({ ...value, date: e.target.value })}
          flex="1 1 9rem"
          minW="9rem"
          maxW="44"
          aria-label={t('after_sales_ui.time.date')}
          data-testid="slot-date"
        />
        <HStack gap="1" flexShrink={0}>
          <TwoDigitSelect
            label={t('after_sales_ui.time.hour')}
            options={PICKER_HOURS}
            value={value.hour}
            testId="slot-hour"
            onChange={(hour) => onChange({ ...value, hour })}
          />
          <span aria-hidden="true">:</span>
          <TwoDigitSelect
            label={t('after_sales_ui.time.minute')}
            options={PICKER_MINUTES}
            value={value.minute}
            testId="slot-minute"
            onChange={(minute) => onChange({ ...value, minute })}
          />
        </HStack>
      </HStack>
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function DurationSelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (m: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const options = DURATIONS.includes(value) ? DURATIONS : [...DURATIONS, value].sort((a, b) => a - b);
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root width="auto">
        <NativeSelect.Field
          value={value}
          onChange={(e) => onChange(Number(e.currentTarget.value))}
          data-testid="slot-duration"
        >
          {options.map((m) => (
            <option key={m} value={m}>
              {durationText(m, t)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
