import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/page-states.tsx';
import { QueryState } from '../../widgets/query-state.tsx';
import { billingOverviewQuery, invoicePdfHref } from './api/billing-api.ts';
import { BillingOverviewView } from './components/billing-overview-view.tsx';

/**
 * /billing (docs/product.md §2, modulo_billing): the company admin's answer to "what am I paying for" — the plan the
 * provider set, the active-user limits and storage, the last twelve months' usage and the invoices with their PDFs.
 * Read only: the provider's support staff set the plan and issue and settle invoices from /tiinsights.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const query = useQuery(billingOverviewQuery());
  return (
    <Stack gap="3" p={{ base: '2', md: '4' }} minW="0" maxW="1280px" w="full" mx="auto">
      <PageHeader title={t('routes.billing.title')} subtitle={query.data ? query.data.company.name : undefined} />
      <QueryState query={query}>
        {(overview) => <BillingOverviewView overview={overview} pdfHref={(i) => invoicePdfHref(i.id)} />}
      </QueryState>
    </Stack>
  );
}
