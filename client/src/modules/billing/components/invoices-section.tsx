import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  Grid,
  Heading,
  HStack,
  Link,
  Stack,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '#domain/billing-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { moneyText, newestFirst, overdueInvoices, periodText } from '../billing-figures.ts';
import { InvoiceStateTag } from './invoice-state-tag.tsx';

const T = 'billing.page.invoices';

export type InvoicesSectionProps = {
  invoices: InvoiceRow[];
  /** Where an invoice's PDF is read: the company's route, or the provider's. */
  pdfHref: (invoice: InvoiceRow) => string;
  /** What may be done with one invoice (the provider marks it paid). */
  invoiceActions?: (invoice: InvoiceRow) => ReactNode;
  /** Beside the title (the provider issues an invoice). */
  actions?: ReactNode;
};

/** The invoices, newest first, the overdue ones tinted; each opens its PDF. */
export function InvoicesSection({ invoices, pdfHref, invoiceActions, actions }: InvoicesSectionProps) {
  const { t } = useTranslation();
  const rows = newestFirst(invoices);
  const isPhone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  return (
    <Card.Root as="section" aria-labelledby="billing-invoices-title" data-testid="billing-invoices">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Heading as="h2" size="md" id="billing-invoices-title">
            {t(`${T}.title`)}
          </Heading>
          {actions}
        </HStack>
        {rows.length === 0 ? (
          <Text color="fg.muted" data-testid="billing-invoices-empty">
            {t(`${T}.empty`)}
          </Text>
        ) : isPhone ? (
          <Stack gap="2" data-testid="billing-invoice-cards">
            {rows.map((r) => (
              <InvoiceCard key={r.id} invoice={r} pdfHref={pdfHref} actions={invoiceActions?.(r)} />
            ))}
          </Stack>
        ) : (
          <InvoicesTable rows={rows} pdfHref={pdfHref} invoiceActions={invoiceActions} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The overdue invoices, named one by one, at the top of the screen. */
export function OverdueAlert({ invoices }: { invoices: InvoiceRow[] }) {
  const { t, i18n } = useTranslation();
  const overdue = overdueInvoices(newestFirst(invoices));
  if (!overdue.length) return null;
  return (
    <Alert.Root status="error" data-testid="billing-overdue">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(`${T}.overdue_title`, { count: overdue.length })}</Alert.Title>
        <Alert.Description>
          <Stack gap="0.5" as="ul" listStyleType="none">
            {overdue.map((i) => (
              <li key={i.id}>
                {t(`${T}.overdue_line`, {
                  number: i.number,
                  date: dateText(i.due_date, i18n.language),
                  total: moneyText(i.total, i.currency),
                })}
              </li>
            ))}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function PdfLink({ invoice, href }: { invoice: InvoiceRow; href: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      colorPalette="brand"
      whiteSpace="nowrap"
      aria-label={t(`${T}.pdf_of`, { number: invoice.number })}
      data-testid="invoice-pdf"
    >
      <FileDown size={14} aria-hidden="true" />
      {t(`${T}.pdf`)}
    </Link>
  );
}

/** When it was paid, or nothing. */
function PaidNote({ invoice }: { invoice: InvoiceRow }) {
  const { t, i18n } = useTranslation();
  if (!invoice.paid_on) return null;
  return (
    <Text textStyle="xs" color="fg.muted" data-testid="invoice-paid-on">
      {invoice.reference
        ? t(`${T}.paid_on_ref`, { date: dateText(invoice.paid_on, i18n.language), reference: invoice.reference })
        : t(`${T}.paid_on`, { date: dateText(invoice.paid_on, i18n.language) })}
    </Text>
  );
}

function InvoicesTable({
  rows,
  pdfHref,
  invoiceActions,
}: {
  rows: InvoiceRow[];
  pdfHref: InvoicesSectionProps['pdfHref'];
  invoiceActions?: InvoicesSectionProps['invoiceActions'];
}) {
  const { t, i18n } = useTranslation();
  const columns = ['number', 'period', 'issued', 'due', 'total', 'state'] as const;
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="billing-invoices-table">
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c} textAlign={c === 'total' ? 'end' : undefined}>
                {t(`${T}.columns.${c}`)}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>
              <Box srOnly>{t(`${T}.columns.actions`)}</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row
              key={r.id}
              data-testid="invoice-row"
              data-number={r.number}
              bg={r.state === 'vencida' ? 'red.50' : undefined}
            >
              <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                {r.number}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{periodText(r.period, i18n.language)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{dateText(r.issued_at, i18n.language)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{dateText(r.due_date, i18n.language)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {moneyText(r.total, r.currency)}
              </Table.Cell>
              <Table.Cell>
                <Stack gap="0.5" align="start">
                  <InvoiceStateTag state={r.state} />
                  <PaidNote invoice={r} />
                </Stack>
              </Table.Cell>
              <Table.Cell>
                <HStack gap="3" justify="end">
                  <PdfLink invoice={r} href={pdfHref(r)} />
                  {invoiceActions?.(r)}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function InvoiceCard({
  invoice: r,
  pdfHref,
  actions,
}: {
  invoice: InvoiceRow;
  pdfHref: InvoicesSectionProps['pdfHref'];
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root
      size="sm"
      variant="outline"
      borderColor={r.state === 'vencida' ? 'red.300' : undefined}
      data-testid="invoice-row"
      data-number={r.number}
    >
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">{r.number}</Text>
            <Text textStyle="sm" color="fg.muted">
              {periodText(r.period, i18n.language)}
            </Text>
          </Stack>
          <InvoiceStateTag state={r.state} />
        </HStack>
        <Grid templateColumns="auto 1fr" columnGap="3" rowGap="0.5" textStyle="sm">
          <Text color="fg.muted">{t(`${T}.columns.issued`)}</Text>
          <Text>{dateText(r.issued_at, i18n.language)}</Text>
          <Text color="fg.muted">{t(`${T}.columns.due`)}</Text>
          <Text>{dateText(r.due_date, i18n.language)}</Text>
          <Text color="fg.muted">{t(`${T}.columns.total`)}</Text>
          <Text fontWeight="semibold">{moneyText(r.total, r.currency)}</Text>
        </Grid>
        <PaidNote invoice={r} />
        <HStack gap="3" wrap="wrap">
          <PdfLink invoice={r} href={pdfHref(r)} />
          {actions}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
