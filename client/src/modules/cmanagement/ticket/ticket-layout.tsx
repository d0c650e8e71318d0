import { Alert, Card, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import type { CmTicketDetail } from '#domain/cmanagement-responses';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';
import { useCmanagementLive } from '../api/live-sync.ts';
import { CmTicketStateTag } from '../components/ticket-state.tsx';
import { PriorityBadge } from '../tickets/priority-badge.tsx';
import { TicketStateActions } from './state-actions.tsx';
import { useCmTicket, useCmTicketId } from './use-cm-ticket.ts';

const TABS = ['general', 'issues', 'tasks'] as const;

function Header({ ticket }: { ticket: CmTicketDetail }) {
  const { t } = useTranslation();
  return (
    <Card.Root mb="4">
      <Card.Body gap="3">
        <Flex gap="3" justify="space-between" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <CmTicketStateTag state={ticket.state} />
              <Heading as="h1" size="lg" data-testid="ticket-code">
                {ticket.code}
              </Heading>
              <PriorityBadge priority={ticket.priority} />
            </HStack>
            <Text fontWeight="medium" lineClamp={2} data-testid="ticket-title">
              {ticket.title}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {ticket.project.name} · {ticket.category.name}
            </Text>
          </Stack>
          <TicketStateActions ticket={ticket} />
        </Flex>
        {ticket.state === 'bloqueado' && ticket.blocked_reason ? (
          <Alert.Root status="warning" size="sm" data-testid="blocked-reason">
            <Alert.Indicator />
            <Alert.Title>{t('cmanagement_ui.ticket.blocked_because', { reason: ticket.blocked_reason })}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** /cmanagement/tickets/{ticketId}: its header and state actions, and its tabs (General by default). */
export function TicketLayout() {
  const { t } = useTranslation();
  const id = useCmTicketId();
  const ticket = useCmTicket(id);
  useCmanagementLive(ticket.data ? [ticket.data.project.id] : undefined, id);
  const base = `/cmanagement/tickets/${id}`;
  return (
    <Stack gap="0">
      <Link asChild textStyle="sm" mb="2" alignSelf="flex-start">
        <RouterLink to="/cmanagement/tickets">
          <ArrowLeft size={14} aria-hidden="true" />
          {t('cmanagement_ui.ticket.back')}
        </RouterLink>
      </Link>
      {ticket.isPending ? (
        <PageSpinner minH="40vh" />
      ) : ticket.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('common.error_default')}</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <Header ticket={ticket.data} />
          <RouteTabs
            base={base}
            tabs={TABS.map((value) => ({ value, label: t(`cmanagement_ui.ticket.tabs.${value}`) }))}
          >
            <Outlet />
          </RouteTabs>
        </>
      )}
    </Stack>
  );
}
