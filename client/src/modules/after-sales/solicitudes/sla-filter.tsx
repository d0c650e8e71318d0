import { useId } from 'react';
import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SLA_FILTERS, type SlaFilter as SlaFilterValue } from '#domain/sla';

/** docs/product.md §4 Ticket clocks: every ticket, those due within 24 h, or the overdue ones (one choice). */
export function SlaFilter({
  value,
  onChange,
}: {
  value: SlaFilterValue | null;
  onChange: (value: SlaFilterValue | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field.Root ids={{ control: id }} w="auto">
      <Field.Label srOnly>{t('after_sales_ui.filters.sla')}</Field.Label>
      <NativeSelect.Root size="md" minW="160px">
        <NativeSelect.Field
          value={value ?? ''}
          data-testid="sla-filter"
          onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as SlaFilterValue))}
        >
          <option value="">{t('after_sales_ui.sla.filter.all')}</option>
          {SLA_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`after_sales_ui.sla.filter.${f}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
