import { useState } from 'react';
import { Button, Heading, Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { InvoiceRow } from '#domain/billing-responses';
import { QueryState } from '../../../widgets/query-state.tsx';
import { BillingOverviewView } from '../../billing/index.ts';
import { companyHealthQuery, providerBillingQuery, providerInvoicePdfHref } from '../api/tiinsights-api.ts';
import { TIINSIGHTS_BASE, TiinsightsFrame, useTiinsightsAccess } from '../components/tiinsights-frame.tsx';
import { ExportPanel } from './export-panel.tsx';
import { HealthSection } from './health-section.tsx';
import { IssueInvoiceDialog } from './issue-invoice-dialog.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { PlanDialog } from './plan-dialog.tsx';

const T = 'tiinsights.company';

/**
 * /tiinsights/empresa/{companyId}: one company as the provider's support staff see it. With ryr its health over the
 * last hours and its billing (the customer's own overview, with the plan form, "Emitir factura" and "Marcar pagada");
 * with dbdump "Exportar datos".
 */
export function CompanyPage() {
  const { companyId } = useParams();
  const id = Number(companyId);
  return (
    <TiinsightsFrame>
      <Company key={id} companyId={id} />
    </TiinsightsFrame>
  );
}

function Company({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const access = useTiinsightsAccess();
  const health = useQuery({ ...companyHealthQuery(companyId), enabled: access.health });
  // The same billing query the section below reads (one request): its company names the page while health loads.
  const billing = useQuery({ ...providerBillingQuery(companyId), enabled: access.health });
  const name = health.data?.health.company.name ?? billing.data?.company.name;
  return (
    <Stack gap="4" minW="0">
      {access.health ? (
        <Link asChild alignSelf="start" textStyle="sm">
          <RouterLink to={`${TIINSIGHTS_BASE}/empresas`}>
            <ArrowLeft size={14} aria-hidden="true" />
            {t('tiinsights.tabs.empresas')}
          </RouterLink>
        </Link>
      ) : null}
      {name || !access.health ? (
        <Heading as="h2" size="lg" data-testid="company-name">
          {name ?? t(`${T}.untitled`, { id: companyId })}
        </Heading>
      ) : null}
      {access.health ? (
        <>
          <QueryState query={health} minH="200px">
            {(detail) => <HealthSection detail={detail} />}
          </QueryState>
          <CompanyBilling companyId={companyId} />
        </>
      ) : null}
      {access.exports ? <ExportPanel companyId={companyId} /> : null}
    </Stack>
  );
}

type Open = 'plan' | 'issue' | { pay: InvoiceRow } | null;

function CompanyBilling({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const query = useQuery(providerBillingQuery(companyId));
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Stack gap="3" as="section" aria-labelledby="company-billing-title">
      <Heading as="h2" size="md" id="company-billing-title">
        {t(`${T}.billing_title`)}
      </Heading>
      <QueryState query={query} minH="200px">
        {(overview) => (
          <>
            <BillingOverviewView
              overview={overview}
              pdfHref={(i) => providerInvoicePdfHref(i.id)}
              planActions={
                <Button size="sm" variant="outline" minH="40px" onClick={() => setOpen('plan')} data-testid="plan-edit">
                  {t(overview.plan ? `${T}.plan.edit` : `${T}.plan.create`)}
                </Button>
              }
              invoicesActions={
                <Button
                  size="sm"
                  colorPalette="brand"
                  minH="40px"
                  onClick={() => setOpen('issue')}
                  data-testid="invoice-issue"
                >
                  {t(`${T}.issue.open`)}
                </Button>
              }
              invoiceActions={(invoice) =>
                invoice.state === 'pagada' ? null : (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => setOpen({ pay: invoice })}
                    data-testid="invoice-mark-paid"
                  >
                    {t(`${T}.pay.open`)}
                  </Button>
                )
              }
            />
            {open === 'plan' ? <PlanDialog companyId={companyId} plan={overview.plan} onClose={close} /> : null}
          </>
        )}
      </QueryState>
      {open === 'issue' ? <IssueInvoiceDialog companyId={companyId} onClose={close} /> : null}
      {open && typeof open === 'object' ? (
        <MarkPaidDialog companyId={companyId} invoice={open.pay} onClose={close} />
      ) : null}
    </Stack>
  );
}
