import { useEffect, useId, useState } from 'react';
import { Box, Button, Field, Flex, Input, NativeSelect, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { CalendarDays, ChevronDown, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FILTER_DROPDOWN_MIN_WIDTH } from '#domain/limits';
import type { DateField, DateFilterValue, DatePreset, DateRange } from './date-range.ts';
import {
  customRangeIssue,
  DATE_FIELDS,
  DATE_PRESETS,
  isDateFilterActive,
  isIsoDate,
  resolveDateRange,
} from './date-range.ts';
import { displayDate } from './display-date.ts';

export type { DateField, DateFilterValue, DatePreset } from './date-range.ts';

export type DateFilterProps = {
  value: DateFilterValue;
  onChange: (value: DateFilterValue) => void;
  /** Trigger and legend text; defaults to 'Fecha'. */
  label?: string;
  /** The reference day for today/week/month (tests and server-synced clocks); defaults to now. */
  today?: Date;
  disabled?: boolean;
};

function useRangeText(range: DateRange | null): string | null {
  const { t, i18n } = useTranslation();
  if (!range) return null;
  const from = range.from && displayDate(range.from, i18n.language);
  const to = range.to && displayDate(range.to, i18n.language);
  if (from && to) return t('widgets.date_filter.range', { from, to });
  if (from) return t('widgets.date_filter.range_from', { from });
  if (to) return t('widgets.date_filter.range_to', { to });
  return null;
}

/** The controls of the date filter, usable inline (e.g. in the filter bar's bottom sheet) or in the popover. */
export function DateFilterPanel({ value, onChange, today, label }: Omit<DateFilterProps, 'disabled'>) {
  const { t } = useTranslation();
  const baseId = useId();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  // The draft in the inputs may be ahead of `value` (an out-of-order range is never emitted).
  const issue = value.preset === 'custom' ? customRangeIssue({ ...value, from, to }) : null;
  const rangeText = useRangeText(isDateFilterActive(value) ? resolveDateRange(value, today) : null);

  useEffect(() => {
    setFrom(value.from ?? '');
    setTo(value.to ?? '');
  }, [value.from, value.to]);

  function emitCustom(nextFrom: string, nextTo: string) {
    // An out-of-order range stays a draft with an error. An incomplete one is emitted (the filter
    // remembers it) but dateFilterQuery leaves it out of every request until both dates are set.
    if (customRangeIssue({ preset: 'custom', field: value.field, from: nextFrom, to: nextTo }) === 'order') return;
    const next: DateFilterValue = { preset: 'custom', field: value.field };
    if (isIsoDate(nextFrom)) next.from = nextFrom;
    if (isIsoDate(nextTo)) next.to = nextTo;
    onChange(next);
  }

  function choosePreset(preset: DatePreset) {
    if (preset === 'custom') emitCustom(from, to);
    else onChange({ preset, field: value.field });
  }

  return (
    <Stack as="fieldset" gap="3" minW="0">
      <Box as="legend" fontWeight="semibold" fontSize="sm" mb="1">
        {label ?? t('widgets.date_filter.label')}
      </Box>
      <Field.Root>
        <Field.Label>{t('widgets.date_filter.field_label')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={value.field}
            onChange={(e) => onChange({ ...value, field: e.target.value as DateField })}
          >
            {DATE_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`widgets.date_filter.fields.${f}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Flex wrap="wrap" gap="1" role="group" aria-label={label ?? t('widgets.date_filter.label')}>
        {DATE_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant={value.preset === preset ? 'solid' : 'outline'}
            colorPalette={value.preset === preset ? 'brand' : 'gray'}
            aria-pressed={value.preset === preset}
            onClick={() => choosePreset(preset)}
          >
            {t(`widgets.date_filter.presets.${preset}`)}
          </Button>
        ))}
      </Flex>
      {value.preset === 'custom' && (
        <Flex gap="2" wrap="wrap">
          <Field.Root flex="1" minW="140px" ids={{ control: `${baseId}-from` }}>
            <Field.Label>{t('widgets.date_filter.from')}</Field.Label>
            <Input
              type="date"
              size="sm"
              value={from}
              max={isIsoDate(to) ? to : undefined}
              onChange={(e) => {
                setFrom(e.target.value);
                emitCustom(e.target.value, to);
              }}
            />
          </Field.Root>
          <Field.Root flex="1" minW="140px" invalid={issue === 'order'} ids={{ control: `${baseId}-to` }}>
            <Field.Label>{t('widgets.date_filter.to')}</Field.Label>
            <Input
              type="date"
              size="sm"
              value={to}
              min={isIsoDate(from) ? from : undefined}
              onChange={(e) => {
                setTo(e.target.value);
                emitCustom(from, e.target.value);
              }}
            />
            {issue === 'order' && <Field.ErrorText>{t('widgets.date_filter.range_invalid')}</Field.ErrorText>}
          </Field.Root>
        </Flex>
      )}
      {issue === 'incomplete' && (
        <Flex
          gap="1.5"
          align="flex-start"
          fontSize="sm"
          color="fg.warning"
          role="status"
          data-testid="date-filter-incomplete"
        >
          <Box as="span" flexShrink={0} mt="0.5">
            <Info size={14} aria-hidden="true" />
          </Box>
          {t('widgets.date_filter.incomplete')}
        </Flex>
      )}
      {rangeText && (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {rangeText}
        </Text>
      )}
    </Stack>
  );
}

/** docs/product.md §9 date filter: presets all/today/week/month/custom on the creation or update date, in a dropdown. */
export function DateFilter({ value, onChange, label, today, disabled }: DateFilterProps) {
  const { t } = useTranslation();
  const title = label ?? t('widgets.date_filter.label');
  const summary =
    value.preset === 'all'
      ? null
      : customRangeIssue(value)
        ? t('widgets.date_filter.summary_not_applied')
        : t(`widgets.date_filter.presets.${value.preset}`);
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="md" disabled={disabled} flexShrink={0}>
          <CalendarDays size={16} aria-hidden="true" />
          {summary ? `${title}: ${summary}` : title}
          <ChevronDown size={16} aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content minW={`${FILTER_DROPDOWN_MIN_WIDTH}px`} maxW="calc(100vw - 16px)">
            <Popover.Body p="3">
              <DateFilterPanel value={value} onChange={onChange} today={today} label={title} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
