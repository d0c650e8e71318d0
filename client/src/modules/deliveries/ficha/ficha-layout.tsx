import type { ReactNode } from 'react';
import { Alert, Badge, Box, Card, Flex, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { dateText, dateTimeText } from '../../../widgets/date-text.ts';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';
import { fichaDetailQuery, type FichaDetail } from '../api/ficha-api.ts';
import { FichaActions } from './ficha-actions.tsx';
import { FichaStateTag } from './ficha-state-tag.tsx';
import { useMayOpen } from '../../../api/session/use-may-open.ts';
import { useFollowProject } from '../../../shared/session/follow-project.ts';
import { useUnitIdParam } from './use-unit-id.ts';

/** docs/product.md §2 ficha/{unitId} tabs, propietarios first (the default). */
export const FICHA_TABS = [
  'propietarios',
  'revision',
  'detalles',
  'accesorios',
  'archivos',
  'vista-previa-acta',
  'recepcion',
  'solicitudes',
  'actividad',
] as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      {/* Long names (project, tower, responsible) wrap: cut off, they could not be read at any width. */}
      <Box textStyle="sm" overflowWrap="anywhere">
        {children}
      </Box>
    </Box>
  );
}

function Header({ ficha }: { ficha: FichaDetail }) {
  const { t, i18n } = useTranslation();
  const mayOpen = useMayOpen();
  const ticket = ficha.after_sales_ticket;
  return (
    <Card.Root mb="4">
      <Card.Body gap="4">
        <Flex
          gap="3"
          justify="space-between"
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'flex-start' }}
        >
          <HStack gap="2" wrap="wrap" flex="1" minW="0">
            <FichaStateTag state={ficha.state} size="md" />
            <Heading as="h1" size="lg" data-testid="ficha-title">
              {t('deliveries_ui.unit_label', { number: ficha.unit })}
            </Heading>
            {ficha.schedule ? (
              <Badge variant="subtle" data-testid="schedule-state">
                {t(`machines.deliverySchedule.states.${ficha.schedule.state}`)}
              </Badge>
            ) : null}
            {ticket && mayOpen(`/warranties/solicitud/${ticket.id}`) ? (
              <Link asChild colorPalette="brand" textStyle="sm">
                <RouterLink to={`/warranties/solicitud/${ticket.id}`}>{ticket.code}</RouterLink>
              </Link>
            ) : ticket ? (
              <Text textStyle="sm" color="fg.muted">
                {ticket.code}
              </Text>
            ) : null}
          </HStack>
          <FichaActions ficha={ficha} />
        </Flex>
        <Grid
          templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fill, minmax(10rem, 1fr))' }}
          gap="3"
        >
          <Fact label={t('deliveries_ui.columns.project')}>{ficha.project.name}</Fact>
          <Fact label={t('deliveries_ui.columns.tower')}>{ficha.tower?.name ?? '—'}</Fact>
          <Fact label={t('deliveries_ui.columns.floor')}>
            {ficha.floor ? (ficha.floor.name ?? ficha.floor.number) : '—'}
          </Fact>
          <Fact label={t('deliveries_ui.columns.type')}>{ficha.unit_type?.name ?? '—'}</Fact>
          <Fact label={t('deliveries_ui.columns.responsible')}>{ficha.responsible?.full_name ?? '—'}</Fact>
          <Fact label={t('deliveries_ui.columns.scheduled')}>
            {dateTimeText(ficha.scheduled_delivery_at, i18n.language) || '—'}
          </Fact>
          <Fact label={t('deliveries_ui.columns.delivered')}>
            {dateText(ficha.delivery_date, i18n.language) || '—'}
          </Fact>
          <Fact label={t('deliveries_ui.columns.pending_failures')}>
            <span data-testid="pending-failures">{ficha.pending_failures}</span>
          </Fact>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

/** docs/product.md §2 ficha/{unitId}: the header with the machine-driven actions, then the tabs. */
export function FichaLayout() {
  const { t } = useTranslation();
  const unitId = useUnitIdParam();
  // An id that is not one (ficha/abc) is never requested: it is simply not found.
  const query = useQuery({ ...fichaDetailQuery(unitId ?? 0), enabled: unitId !== null });
  useFollowProject(query.data?.project.id);

  if (unitId !== null && query.isPending) return <PageSpinner />;
  if (unitId === null || query.isError || !query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('deliveries_ui.not_found')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="0">
      <Link asChild textStyle="sm" mb="2" colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/warranties/fichas">
          <ArrowLeft size={14} aria-hidden="true" />
          {t('routes.warranties.fichas.title')}
        </RouterLink>
      </Link>
      <Header ficha={query.data} />
      <RouteTabs
        base={`/warranties/ficha/${unitId}`}
        tabs={FICHA_TABS.map((tab) => ({ value: tab, label: t(`deliveries_ui.tabs.${tab}`) }))}
      >
        <Outlet />
      </RouteTabs>
    </Stack>
  );
}
