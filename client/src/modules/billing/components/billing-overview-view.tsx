import type { ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import type { BillingOverview, InvoiceRow } from '#domain/billing-responses';
import { InvoicesSection, OverdueAlert } from './invoices-section.tsx';
import { LimitsCard } from './limits-card.tsx';
import { PlanCard } from './plan-card.tsx';
import { UsageSection } from './usage-section.tsx';

export type BillingOverviewViewProps = {
  overview: BillingOverview;
  /** Where an invoice's PDF is read (the company's route on /billing, the provider's on /tiinsights). */
  pdfHref: (invoice: InvoiceRow) => string;
  /** Beside the plan's name (the provider edits it). */
  planActions?: ReactNode;
  /** Beside the invoices' title (the provider issues one). */
  invoicesActions?: ReactNode;
  /** Per invoice (the provider marks it paid). */
  invoiceActions?: (invoice: InvoiceRow) => ReactNode;
};

/**
 * What a company pays for (domain/billing-responses.ts BillingOverview), read only: overdue invoices called out
 * first, then the plan, the limits and storage, the last months' usage and the invoices. The customer's /billing and
 * the provider's company screen in /tiinsights render it with their own data and actions.
 */
export function BillingOverviewView({
  overview,
  pdfHref,
  planActions,
  invoicesActions,
  invoiceActions,
}: BillingOverviewViewProps) {
  return (
    <Stack gap="4" minW="0" data-testid="billing-overview">
      <OverdueAlert invoices={overview.invoices} />
      <PlanCard plan={overview.plan} actions={planActions} />
      <LimitsCard overview={overview} />
      <UsageSection usage={overview.usage} />
      <InvoicesSection
        invoices={overview.invoices}
        pdfHref={pdfHref}
        actions={invoicesActions}
        invoiceActions={invoiceActions}
      />
    </Stack>
  );
}
