import { useState } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { JUSTIFICATION_MAX, closeSchema } from '#domain/schemas/after-sales';
import { can } from '#domain/permissions';
import { ticketCommands, type TicketCommandType } from '#domain/tickets';
import type { TicketEventType } from '#machines/ticket';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate } from '../../../shared/forms.ts';
import { permissionsOf, useAuthUser } from '../../../api/session/auth-user.ts';
import { useTicketAction } from '../api/ticket-mutations.ts';
import type { TicketActionEvent } from '../api/tickets-api.ts';
import type { TicketDetail } from '../api/types.ts';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { pendingFailuresOf, ticketEventsAllowed } from '../components/ticket-machine.ts';
import { EditTicketDialog } from './edit-ticket-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';

/**
 * Header buttons, in order; which show is the machine's answer for the ticket's state (docs/architecture.md §5)
 * and the permission the domain table gives each event, the one the server checks.
 */
const BUTTONS: {
  event: Exclude<TicketCommandType, 'ticket.saveAs'>;
  dialog?: 'justify' | 'reopen' | 'merge' | 'confirm';
}[] = [
  { event: 'ticket.open' },
  { event: 'ticket.startProgress' },
  { event: 'ticket.postpone' },
  { event: 'ticket.unpostpone' },
  // Resolving ends the work the owner sees: asked once more before it is sent.
  { event: 'ticket.resolve', dialog: 'confirm' },
  { event: 'ticket.merge', dialog: 'merge' },
  { event: 'ticket.markNotApplicable', dialog: 'justify' },
  { event: 'ticket.close', dialog: 'justify' },
  { event: 'ticket.reopen', dialog: 'reopen' },
];

export const buttonKey = (event: string) => `after_sales_ui.ticket_actions.${event.slice(event.indexOf('.') + 1)}`;

export function TicketActions({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const permissions = permissionsOf(user);
  const canManage = can(permissions, ticketCommands['ticket.saveAs'].permission);
  const [dialog, setDialog] = useState<{
    event: TicketEventType;
    kind: 'justify' | 'reopen' | 'merge' | 'edit' | 'confirm';
  } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const allowed = ticketEventsAllowed({
    state: ticket.state,
    previousState: ticket.previous_state,
    pendingFailures: pendingFailuresOf(ticket),
  });

  const act = useTicketAction(ticket.id);
  const run = (input: { event: TicketActionEvent; justification?: string }) =>
    act.mutate(input, {
      onSuccess: () => {
        setDialog(null);
        showSuccessToast(
          t('after_sales_ui.ticket_actions.done', { code: ticket.code, action: t(buttonKey(input.event)) }),
        );
      },
      onError: (err) => setFieldError(serverFieldErrors(err).justification),
    });

  function confirmJustified(event: TicketEventType, text: string) {
    // docs/product.md §5: a justification is required to close; the shared schema says so before the server does.
    const r = validate(closeSchema, { justification: text }, t);
    if (!r.ok) return setFieldError(r.errors.justification);
    run({ event: event as TicketActionEvent, justification: r.data.justification });
  }

  const visible = BUTTONS.filter(
    (b) => allowed.includes(b.event) && can(permissions, ticketCommands[b.event].permission),
  );
  return (
    <Flex gap="2" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }} data-testid="ticket-actions">
      {canManage && ticket.state !== 'fusionada' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setDialog({ event: 'ticket.saveAs', kind: 'edit' })}
          data-testid="ticket-edit"
        >
          {t('after_sales_ui.ticket_actions.edit')}
        </Button>
      ) : null}
      {visible.map((b) => (
        <Button
          key={b.event}
          size="sm"
          variant={b.event === 'ticket.close' ? 'solid' : 'outline'}
          colorPalette={b.event === 'ticket.close' ? 'red' : 'gray'}
          loading={act.isPending && act.variables?.event === b.event}
          data-testid={`action-${b.event}`}
          onClick={() => {
            setFieldError(undefined);
            if (b.dialog) setDialog({ event: b.event, kind: b.dialog });
            else run({ event: b.event as TicketActionEvent });
          }}
        >
          {t(buttonKey(b.event))}
        </Button>
      ))}
      <TextPromptDialog
        open={dialog?.kind === 'justify'}
        testId="justify-dialog"
        title={dialog ? t(`${buttonKey(dialog.event)}_title`, { code: ticket.code }) : ''}
        description={
          dialog?.event === 'ticket.close' && pendingFailuresOf(ticket) > 0
            ? t('after_sales_ui.ticket_actions.close_pending', { count: pendingFailuresOf(ticket) })
            : undefined
        }
        label={t('after_sales_ui.actions.justification')}
        confirmLabel={dialog ? t(buttonKey(dialog.event)) : ''}
        required
        danger
        maxLength={JUSTIFICATION_MAX}
        busy={act.isPending}
        error={fieldError}
        onClose={() => setDialog(null)}
        onConfirm={(text) => dialog && confirmJustified(dialog.event, text)}
      />
      <TextPromptDialog
        open={dialog?.kind === 'reopen'}
        testId="reopen-dialog"
        title={t('after_sales_ui.ticket_actions.reopen_title', { code: ticket.code })}
        label={t('after_sales_ui.ticket_actions.reopen_reason')}
        confirmLabel={t(buttonKey('ticket.reopen'))}
        maxLength={JUSTIFICATION_MAX}
        busy={act.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(text) => run({ event: 'ticket.reopen', justification: text || undefined })}
      />
      <ConfirmDialog
        open={dialog?.kind === 'confirm'}
        testId="resolve-dialog"
        title={t('after_sales_ui.ticket_actions.resolve_title', { code: ticket.code })}
        body={t('after_sales_ui.ticket_actions.resolve_body')}
        confirmLabel={t(buttonKey('ticket.resolve'))}
        busy={act.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => run({ event: 'ticket.resolve' })}
      />
      <MergeDialog ticket={ticket} open={dialog?.kind === 'merge'} onClose={() => setDialog(null)} />
      <EditTicketDialog ticket={ticket} open={dialog?.kind === 'edit'} onClose={() => setDialog(null)} />
    </Flex>
  );
}
