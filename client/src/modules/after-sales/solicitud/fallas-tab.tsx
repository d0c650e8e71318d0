import { useState } from 'react';
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../api/session/auth-user.ts';
import { useDeleteFailure, useFailureAction, useFailureOutcome } from '../api/failure-mutations.ts';
import { useMarkupHandlers } from '../api/photo-mutations.ts';
import type { FailureView } from '../api/types.ts';
import { failuresQuery, type FailureActionEvent } from '../api/work-api.ts';
import { FailureCard, FailurePrompt } from './failure-card.tsx';
import { FailureFormDialog } from './failure-form-dialog.tsx';
import { PlanSection } from './plan-section.tsx';
import { useTicket } from './use-ticket.ts';
import { isTicketWorking } from '../components/ticket-machine.ts';
import { showSuccessToast } from '../../../api/notify.ts';

/** docs/product.md §2 solicitud/{id}/fallas: the failures by batch, with their outcomes and actions. */
/** "1 falla · 1 pendiente": each count agrees with its own noun (i18next plurals, both languages). */
export const failureSummary = (t: TFunction, total: number, pending: number) =>
  `${t('after_sales_ui.failures.total', { count: total })} · ${t('after_sales_ui.failures.pending_count', { count: pending })}`;

export function FallasTab() {
  const { t } = useTranslation();
  const ticket = useTicket();
  const canManage = useCan('postventa_gestionar');
  const [adding, setAdding] = useState(false);
  const failures = useQuery(failuresQuery(ticket.id));
  // One hook per kind of write and one note dialog for the whole list, not one per failure.
  const outcome = useFailureOutcome(ticket.id);
  const action = useFailureAction(ticket.id);
  const remove = useDeleteFailure(ticket.id);
  const markupOf = useMarkupHandlers(ticket.id);
  const [prompt, setPrompt] = useState<{ failure: FailureView; event: FailureActionEvent } | null>(null);
  const isWorking = isTicketWorking(ticket.state);
  const rows = failures.data ?? [];
  const batches = [...new Set(rows.map((f) => f.batch))].sort((a, b) => a - b);
  const nextBatch = batches.length ? batches[batches.length - 1] : 1;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text color="fg.muted" textStyle="sm">
          {failureSummary(t, rows.length, ticket.counts?.pending_failures ?? 0)}
        </Text>
        {canManage && isWorking ? (
          <Button colorPalette="brand" size="sm" onClick={() => setAdding(true)} data-testid="failure-new">
            <Plus size={16} />
            {t('after_sales_ui.failures.new')}
          </Button>
        ) : null}
      </Flex>
      {failures.isPending ? (
        <PageSpinner minH="20vh" />
      ) : !rows.length ? (
        <Text color="fg.muted">{t('after_sales_ui.failures.empty')}</Text>
      ) : (
        batches.map((batch) => (
          <Stack key={batch} gap="2" as="section" aria-label={t('after_sales_ui.failures.batch_n', { batch })}>
            <Heading as="h3" size="sm">
              {t('after_sales_ui.failures.batch_n', { batch })}
            </Heading>
            {rows
              .filter((f) => f.batch === batch)
              .map((f) => (
                <FailureCard
                  key={f.id}
                  failure={f}
                  isWorking={isWorking}
                  canManage={canManage}
                  onMarkup={canManage ? markupOf({ kind: 'failure', failureId: f.id }) : undefined}
                  busy={{
                    outcome: outcome.isPending && outcome.variables?.failureId === f.id,
                    remove: remove.isPending && remove.variables === f.id,
                  }}
                  onOutcome={(o) =>
                    outcome.mutate(
                      { failureId: f.id, outcome: o },
                      { onSuccess: () => showSuccessToast(t('after_sales_ui.toasts.failure_updated')) },
                    )
                  }
                  onAction={(event) => setPrompt({ failure: f, event })}
                  onRemove={() =>
                    remove.mutate(f.id, {
                      onSuccess: () => showSuccessToast(t('after_sales_ui.toasts.failure_removed')),
                    })
                  }
                />
              ))}
          </Stack>
        ))
      )}
      <PlanSection ticketId={ticket.id} code={ticket.code} />
      <FailurePrompt
        prompt={prompt}
        busy={action.isPending}
        onClose={() => setPrompt(null)}
        onConfirm={(comment) =>
          prompt &&
          action.mutate(
            { failureId: prompt.failure.id, event: prompt.event, comment },
            {
              onSuccess: () => {
                setPrompt(null);
                showSuccessToast(t('after_sales_ui.toasts.failure_updated'));
              },
            },
          )
        }
      />
      <FailureFormDialog
        unitId={ticket.unit.id}
        ticketId={ticket.id}
        open={adding}
        onClose={() => setAdding(false)}
        nextBatch={nextBatch}
      />
    </Stack>
  );
}
