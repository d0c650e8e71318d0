import type { ReactNode } from 'react';
import { Alert, Badge, Box, Card, Flex, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { TICKET_STATE_LETTER } from '#machines/ticket';
import { ReadyToResolveBadge } from '../components/ready-to-resolve-badge.tsx';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useAfterSalesLive } from '../api/use-after-sales-live.ts';
import type { TicketDetail } from '../api/types.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';
import { PriorityBadge } from '../components/priority-badge.tsx';
import { SlaBadge } from '../components/sla-badge.tsx';
import { TicketProgress } from '../components/ticket-progress.tsx';
import { TicketStateTag } from '../components/ticket-state-tag.tsx';
import { TicketActions } from './ticket-actions.tsx';
import { useFollowProject } from '../../../shared/session/follow-project.ts';
import { useTicketId, useTicketQuery } from './use-ticket.ts';

const TABS = ['actividad', 'fallas', 'oi', 'ot', 'ac'] as const;
const COUNT_OF: Partial<Record<(typeof TABS)[number], keyof NonNullable<TicketDetail['counts']>>> = {
  fallas: 'failures',
  oi: 'oi',
  ot: 'ot',
  ac: 'ac',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Box textStyle="sm" truncate>
        {children}
      </Box>
    </Box>
  );
}

function Header({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useTranslation();
  const place = [ticket.tower?.name, t('after_sales_ui.unit_label', { number: ticket.unit.number })]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card.Root mb="4">
      <Card.Body gap="4">
        <Flex
          gap="3"
          justify="space-between"
          align={{ base: 'stretch', md: 'flex-start' }}
          direction={{ base: 'column', md: 'row' }}
        >
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <TicketStateTag state={ticket.state} />
              <Heading as="h1" size="lg" data-testid="ticket-code">
                {ticket.code}
              </Heading>
              {TICKET_STATE_LETTER[ticket.state] ? (
                <Badge variant="subtle" data-testid="ticket-state-name">
                  {t(`after_sales.states.${ticket.state}`)}
                </Badge>
              ) : null}
              <PriorityBadge priority={ticket.priority} />
              {ticket.ready_to_resolve ? <ReadyToResolveBadge /> : null}
              <SlaBadge sla={ticket.sla} />
            </HStack>
            <Text fontWeight="medium" lineClamp={2}>
              {ticket.subject}
            </Text>
          </Stack>
          <TicketActions ticket={ticket} />
        </Flex>
        {ticket.merged_into_id ? (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Title>
              {t('after_sales_ui.detail.merged_into')}{' '}
              <Link asChild colorPalette="brand">
                <RouterLink to={`/warranties/solicitud/${ticket.merged_into_id}`}>#{ticket.merged_into_id}</RouterLink>
              </Link>
            </Alert.Title>
          </Alert.Root>
        ) : null}
        <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)', '2xl': 'repeat(7, 1fr)' }} gap="3">
          <Fact label={t('after_sales_ui.columns.project')}>{ticket.project.name}</Fact>
          <Fact label={t('after_sales_ui.columns.unit')}>{place}</Fact>
          <Fact label={t('after_sales_ui.form.applicant')}>
            {ticket.applicant ? `${ticket.applicant.name} ${ticket.applicant.last_name}` : '—'}
          </Fact>
          <Fact label={t('after_sales_ui.columns.responsible')}>
            {ticket.responsible?.full_name ?? t('after_sales_ui.unassigned')}
          </Fact>
          <Fact label={t('after_sales_ui.form.origin')}>{t(`after_sales.origins.${ticket.origin}`)}</Fact>
          <Fact label={t('after_sales_ui.columns.created_at')}>{dateTimeText(ticket.created_at, i18n.language)}</Fact>
          <Fact label={t('after_sales_ui.columns.progress')}>
            <TicketProgress progress={ticket.progress} width="16" />
          </Fact>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

/** docs/product.md §2 solicitud/{solicitudId}: header with state and machine-driven actions, then the tabs. */
export function SolicitudLayout() {
  const { t } = useTranslation();
  const id = useTicketId();
  const query = useTicketQuery();
  useAfterSalesLive(query.data ? [query.data.project.id] : undefined, id);
  useFollowProject(query.data?.project.id);

  if (id !== null && query.isPending) return <PageSpinner />;
  if (id === null || query.isError || !query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('after_sales_ui.detail.not_found')}</Alert.Title>
      </Alert.Root>
    );
  }
  const ticket = query.data;
  return (
    <Box>
      <Link asChild textStyle="sm" mb="2" colorPalette="brand">
        <RouterLink to="/warranties/solicitudes">
          <ArrowLeft size={14} aria-hidden="true" />
          {t('routes.warranties.solicitudes.title')}
        </RouterLink>
      </Link>
      <Header ticket={ticket} />
      <RouteTabs
        base={`/warranties/solicitud/${id}`}
        tabs={TABS.map((tab) => {
          const count = COUNT_OF[tab] ? ticket.counts?.[COUNT_OF[tab]!] : undefined;
          return {
            value: tab,
            label: (
              <>
                {t(`after_sales_ui.tabs.${tab}`)}
                {count ? (
                  <Badge size="sm" variant="subtle" ms="1">
                    {count}
                  </Badge>
                ) : null}
              </>
            ),
          };
        })}
      >
        <Outlet />
      </RouteTabs>
    </Box>
  );
}
