import { useTranslation } from 'react-i18next';
import type { InvoiceState } from '#domain/billing';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** An invoice's colour by state (domain/billing.ts invoiceState): issued blue, paid green, overdue red. */
export const INVOICE_COLORS: Record<InvoiceState, string> = {
  emitida: '#2563eb',
  pagada: '#1e8449',
  vencida: '#c0392b',
};

export function InvoiceStateTag({ state }: { state: InvoiceState }) {
  const { t } = useTranslation();
  return (
    <span data-testid="invoice-state" data-state={state}>
      <StateTag size="sm" label={t(`billing.page.invoices.states.${state}`)} color={INVOICE_COLORS[state]} />
    </span>
  );
}

/** The tag beside a month's figure that went past the plan. */
export function OverPlanTag() {
  const { t } = useTranslation();
  return (
    <span data-testid="over-plan">
      <StateTag size="sm" label={t('billing.page.usage.over')} color={INVOICE_COLORS.vencida} />
    </span>
  );
}
