import { Box, Button, Card, Heading, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageSpinner } from '../../shared/layout/page-states.tsx';
import { displayDate } from '../../widgets/display-date.ts';
import { isVisitAhead, myDeliveriesQuery, myTicketsQuery, myUnitsQuery, myVisitsQuery } from './api/portal-api.ts';
import { PortalStateBadge } from './state-badge.tsx';
import { VisitList } from './visit-card.tsx';
import { DeliveryList } from './delivery-card.tsx';
import { DraftList } from './drafts/draft-list.tsx';
import { useAuthUser } from '../../api/session/auth-user.ts';

/**
 * The owner's home: their delivery appointments, units, visits waiting for an answer, and their tickets
 * (docs/product.md#owner-portal).
 */
export function PortalHomePage() {
  const { t, i18n } = useTranslation();
  const ownerId = useAuthUser().data?.id;
  const units = useQuery(myUnitsQuery);
  const tickets = useQuery(myTicketsQuery(1));
  const visits = useQuery(myVisitsQuery);
  const deliveries = useQuery(myDeliveriesQuery);
  const upcoming = (visits.data ?? []).filter((v) => isVisitAhead(v.state) && Date.parse(v.start_at) > Date.now());
  if (units.isPending) return <PageSpinner />;
  return (
    <Stack gap="5">
      <HStack justify="space-between" gap="2">
        <Heading as="h1" size="lg">
          {t('portal.home.title')}
        </Heading>
        <Button asChild colorPalette="brand" size="sm" data-testid="portal-new-ticket">
          <RouterLink to="/portal/solicitud/nueva">
            <Plus size={16} />
            {t('portal.home.new')}
          </RouterLink>
        </Button>
      </HStack>
      {deliveries.data?.length ? (
        <Stack gap="2" as="section" aria-label={t('portal.home.deliveries')}>
          <Heading as="h2" size="md">
            {t('portal.home.deliveries')}
          </Heading>
          <DeliveryList deliveries={deliveries.data} />
        </Stack>
      ) : null}
      <Stack gap="2" as="section" aria-label={t('portal.home.units')}>
        {(units.data ?? []).map((u) => (
          <Card.Root key={u.id} size="sm">
            <Card.Body>
              <Text fontWeight="semibold">
                {[u.tower, t('portal.unit', { number: u.number })].filter(Boolean).join(' · ')}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {u.project.name}
                {u.project.address ? ` · ${u.project.address}` : ''}
              </Text>
              {u.contacts.length ? (
                <Text textStyle="xs" color="fg.muted" mt="1">
                  {t('portal.home.contact')}:{' '}
                  {u.contacts.map((c) => [c.name, c.phone, c.email].filter(Boolean).join(' · ')).join(' / ')}
                </Text>
              ) : null}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      {upcoming.length ? (
        <Stack gap="2" as="section" aria-label={t('portal.home.visits')}>
          <Heading as="h2" size="md">
            {t('portal.home.visits')}
          </Heading>
          <VisitList visits={upcoming} />
        </Stack>
      ) : null}
      {ownerId ? <DraftList ownerId={ownerId} /> : null}
      <Stack gap="2" as="section" aria-label={t('portal.home.tickets')}>
        <Heading as="h2" size="md">
          {t('portal.home.tickets')}
        </Heading>
        {tickets.isPending ? (
          <PageSpinner minH="20vh" />
        ) : !tickets.data?.data.length ? (
          <Text color="fg.muted">{t('portal.home.no_tickets')}</Text>
        ) : (
          tickets.data.data.map((r) => (
            <LinkBox
              key={r.id}
              as="article"
              borderWidth="1px"
              borderRadius="lg"
              p="3"
              bg="bg"
              _hover={{ borderColor: 'brand.solid' }}
              data-testid="portal-ticket"
            >
              <HStack justify="space-between" gap="2">
                <LinkOverlay asChild>
                  <RouterLink to={`/portal/solicitud/${r.id}`}>
                    <Text fontWeight="semibold">{r.code}</Text>
                  </RouterLink>
                </LinkOverlay>
                <PortalStateBadge state={r.state} />
              </HStack>
              <Text textStyle="sm" mt="1">
                {r.subject}
              </Text>
              <Box textStyle="xs" color="fg.muted" mt="1">
                {t('portal.unit', { number: r.unit.number })} · {displayDate(new Date(r.updated_at), i18n.language)}
              </Box>
            </LinkBox>
          ))
        )}
      </Stack>
    </Stack>
  );
}
