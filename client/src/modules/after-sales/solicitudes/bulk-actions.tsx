import { useState } from 'react';
import { Button, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { JUSTIFICATION_MAX, TICKET_PRIORITIES } from '#domain/schemas/after-sales';
import { can } from '#domain/permissions';
import { BULK_ACTION_EVENT, bulkActionPermission } from '#domain/tickets';
import { permissionsOf, useAuthUser } from '../../../api/session/auth-user.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { useBulkAction } from '../api/ticket-mutations.ts';
import type { BulkInput } from '../api/tickets-api.ts';
import type { TicketRow } from '../api/types.ts';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { ticketEventsAllowed } from '../components/ticket-machine.ts';
import { SELECTION_MAX } from './selection.ts';

/** The bulk actions that send a machine event, in order; the event and its permission are the domain table's. */
const MACHINE_ACTIONS = ['postpone', 'unpostpone', 'close', 'reopen'] as const satisfies BulkInput['action'][];

/** Which bulk state actions apply: those the machine accepts for at least one selected ticket (the API skips the rest with a warning). */
export function bulkActionsFor(rows: Pick<TicketRow, 'state' | 'previous_state'>[]): BulkInput['action'][] {
  const allowed = new Set(
    rows.flatMap((r) => ticketEventsAllowed({ state: r.state, previousState: r.previous_state })),
  );
  return MACHINE_ACTIONS.filter((a) => allowed.has(BULK_ACTION_EVENT[a]));
}

type Props = { selectedRows: TicketRow[]; responsibles: { value: string; label: string }[]; onDone: () => void };

/** docs/product.md §5/§9 bulk actions on at most 50 selected tickets. */
export function BulkActions({ selectedRows, responsibles, onDone }: Props) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const permissions = permissionsOf(user);
  const canManage = can(permissions, bulkActionPermission('assign'));
  const [closing, setClosing] = useState(false);
  const bulk = useBulkAction();
  const ids = selectedRows.map((r) => r.id);
  const run = (input: Omit<BulkInput, 'ids'>) =>
    bulk.mutate(
      { ids, ...input },
      {
        onSuccess: (data) => {
          showSuccessToast(t('after_sales_ui.bulk.done', { count: data.done.length }));
          setClosing(false);
          onDone();
        },
      },
    );
  const offered = bulkActionsFor(selectedRows).filter((a) => can(permissions, bulkActionPermission(a)));
  if (!selectedRows.length) return null;

  return (
    <Flex
      wrap="wrap"
      gap="2"
      align="center"
      p="2"
      mb="2"
      borderWidth="1px"
      borderRadius="md"
      bg="brand.subtle"
      data-testid="bulk-actions"
    >
      <Text textStyle="sm" fontWeight="semibold" me="2" aria-live="polite">
        {t('after_sales_ui.bulk.selected', { count: selectedRows.length, max: SELECTION_MAX })}
      </Text>
      {canManage ? (
        <HStack gap="1">
          <NativeSelect.Root size="sm" width="auto" disabled={bulk.isPending}>
            <NativeSelect.Field
              aria-label={t('after_sales_ui.bulk.assign')}
              value=""
              onChange={(e) =>
                e.currentTarget.value && run({ action: 'assign', responsible_id: Number(e.currentTarget.value) })
              }
            >
              <option value="">{t('after_sales_ui.bulk.assign')}</option>
              {responsibles.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" width="auto" disabled={bulk.isPending}>
            <NativeSelect.Field
              aria-label={t('after_sales_ui.bulk.priority')}
              value=""
              onChange={(e) => e.currentTarget.value && run({ action: 'priority', priority: e.currentTarget.value })}
            >
              <option value="">{t('after_sales_ui.bulk.priority')}</option>
              {TICKET_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(`after_sales.priorities.${p}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      ) : null}
      {offered.map((action) => (
        <Button
          key={action}
          size="sm"
          variant="outline"
          loading={bulk.isPending && bulk.variables?.action === action}
          onClick={() => (action === 'close' ? setClosing(true) : run({ action }))}
          data-testid={`bulk-${action}`}
        >
          {t(`after_sales_ui.bulk.${action}`)}
        </Button>
      ))}
      <Button size="sm" variant="ghost" ms="auto" onClick={onDone}>
        {t('after_sales_ui.bulk.clear')}
      </Button>
      <TextPromptDialog
        open={closing}
        title={t('after_sales_ui.bulk.close_title', { count: selectedRows.length })}
        label={t('after_sales_ui.actions.justification')}
        confirmLabel={t('after_sales_ui.bulk.close')}
        required
        danger
        maxLength={JUSTIFICATION_MAX}
        busy={bulk.isPending}
        onClose={() => setClosing(false)}
        onConfirm={(justification) => run({ action: 'close', justification })}
      />
    </Flex>
  );
}
