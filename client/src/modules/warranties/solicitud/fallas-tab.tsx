import { useState } from 'react';
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../shared/session/auth-user.ts';
import { failuresQuery } from '../api/work-api.ts';
import { FailureCard } from './failure-card.tsx';
import { FailureFormDialog } from './failure-form-dialog.tsx';
import { useTicket } from './use-ticket.ts';

/** Failures can only change while the ticket is being worked (the API answers ticket_not_working otherwise). */
const WORKING = ['nueva', 'abierta', 'en_proceso'];

/** docs/product.md §2 solicitud/{id}/fallas: the failures by batch, with their outcomes and actions. */
export function FallasTab() {
  const { t } = useTranslation();
  const ticket = useTicket();
  const canManage = useCan('postventa_gestionar');
  const [adding, setAdding] = useState(false);
  const failures = useQuery(failuresQuery(ticket.id));
  const isWorking = WORKING.includes(ticket.state);
  const rows = failures.data ?? [];
  const batches = [...new Set(rows.map((f) => f.batch))].sort((a, b) => a - b);
  const nextBatch = batches.length ? batches[batches.length - 1] : 1;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text color="fg.muted" textStyle="sm">{t('warranties_ui.failures.summary', { count: rows.length, pending: ticket.counts?.pending_failures ?? 0 })}</Text>
        {canManage && isWorking ? (
          <Button colorPalette="brand" size="sm" onClick={() => setAdding(true)} data-testid="failure-new"><Plus size={16} />{t('warranties_ui.failures.new')}</Button>
        ) : null}
      </Flex>
      {failures.isPending ? <PageSpinner minH="20vh" /> : !rows.length ? <Text color="fg.muted">{t('warranties_ui.failures.empty')}</Text> : batches.map((batch) => (
        <Stack key={batch} gap="2" as="section" aria-label={t('warranties_ui.failures.batch_n', { batch })}>
          <Heading as="h3" size="sm">{t('warranties_ui.failures.batch_n', { batch })}</Heading>
          {rows.filter((f) => f.batch === batch).map((f) => <FailureCard key={f.id} ticketId={ticket.id} failure={f} isWorking={isWorking} />)}
        </Stack>
      ))}
      <FailureFormDialog ticket={ticket} open={adding} onClose={() => setAdding(false)} nextBatch={nextBatch} />
    </Stack>
  );
}
