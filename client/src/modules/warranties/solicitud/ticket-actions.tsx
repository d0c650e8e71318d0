import { useState } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JUSTIFICATION_MAX, closeSchema } from '#domain/schemas/warranties';
import { can } from '#domain/permissions';
import { ticketCommands, type TicketCommandType } from '#domain/tickets';
import type { TicketEventType } from '#machines/ticket';
import { serverFieldErrors, validate } from '../../../shared/forms.ts';
import { permissionsOf, useAuthUser } from '../../../shared/session/auth-user.ts';
import { warrantyKeys } from '../api/keys.ts';
import { ticketsApi, type TicketActionEvent } from '../api/tickets-api.ts';
import type { TicketDetail } from '../api/types.ts';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { ticketEventsAllowed } from '../components/ticket-machine.ts';
import { EditTicketDialog } from './edit-ticket-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';
import { pendingFailuresOf } from './use-ticket.ts';

/**
 * Header buttons, in order; which show is the machine's answer for the ticket's state (docs/architecture.md §5)
 * and the permission the domain table gives each event, the one the server checks.
 */
const BUTTONS: { event: Exclude<TicketCommandType, 'ticket.saveAs'>; dialog?: 'justify' | 'reopen' | 'merge' }[] = [
  { event: 'ticket.open' },
  { event: 'ticket.startProgress' },
  { event: 'ticket.postpone' },
  { event: 'ticket.unpostpone' },
  { event: 'ticket.resolve' },
  { event: 'ticket.merge', dialog: 'merge' },
  { event: 'ticket.markNotApplicable', dialog: 'justify' },
  { event: 'ticket.close', dialog: 'justify' },
  { event: 'ticket.reopen', dialog: 'reopen' },
];

export const buttonKey = (event: string) => `warranties_ui.ticket_actions.${event.slice(event.indexOf('.') + 1)}`;

export function TicketActions({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useAuthUser();
  const permissions = permissionsOf(user);
  const canManage = can(permissions, ticketCommands['ticket.saveAs'].permission);
  const [dialog, setDialog] = useState<{ event: TicketEventType; kind: 'justify' | 'reopen' | 'merge' | 'edit' } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const allowed = ticketEventsAllowed({ state: ticket.state, previousState: ticket.previous_state, pendingFailures: pendingFailuresOf(ticket) });

  const act = useMutation({
    mutationFn: ({ event, justification }: { event: TicketActionEvent; justification?: string }) =>
      ticketsApi.action(ticket.id, event, justification !== undefined ? { justification } : {}),
    onSuccess: (data) => {
      queryClient.setQueryData(warrantyKeys.ticketDetail(ticket.id), data);
      void queryClient.invalidateQueries({ queryKey: warrantyKeys.ticket(ticket.id) });
      void queryClient.invalidateQueries({ queryKey: warrantyKeys.lists() });
      setDialog(null);
    },
    onError: (err) => setFieldError(serverFieldErrors(err).justification),
  });

  function confirmJustified(event: TicketEventType, text: string) {
    // docs/product.md §5: a justification is required to close; the shared schema says so before the server does.
    const r = validate(closeSchema, { justification: text }, t);
    if (!r.ok) return setFieldError(r.errors.justification);
    act.mutate({ event: event as TicketActionEvent, justification: r.data.justification });
  }

  const visible = BUTTONS.filter((b) => allowed.includes(b.event) && can(permissions, ticketCommands[b.event].permission));
  return (
    <Flex gap="2" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }} data-testid="ticket-actions">
      {canManage && ticket.state !== 'fusionada' ? (
        <Button size="sm" variant="outline" onClick={() => setDialog({ event: 'ticket.saveAs', kind: 'edit' })} data-testid="ticket-edit">
          {t('warranties_ui.ticket_actions.edit')}
        </Button>
      ) : null}
      {visible.map((b) => (
        <Button key={b.event} size="sm" variant={b.event === 'ticket.close' ? 'solid' : 'outline'} colorPalette={b.event === 'ticket.close' ? 'red' : 'gray'}
          loading={act.isPending && act.variables?.event === b.event} data-testid={`action-${b.event}`}
          onClick={() => {
            setFieldError(undefined);
            if (b.dialog) setDialog({ event: b.event, kind: b.dialog });
            else act.mutate({ event: b.event as TicketActionEvent });
          }}>
          {t(buttonKey(b.event))}
        </Button>
      ))}
      <TextPromptDialog open={dialog?.kind === 'justify'} testId="justify-dialog"
        title={dialog ? t(`${buttonKey(dialog.event)}_title`, { code: ticket.code }) : ''}
        description={dialog?.event === 'ticket.close' && pendingFailuresOf(ticket) > 0 ? t('warranties_ui.ticket_actions.close_pending', { count: pendingFailuresOf(ticket) }) : undefined}
        label={t('warranties_ui.actions.justification')} confirmLabel={dialog ? t(buttonKey(dialog.event)) : ''}
        required danger maxLength={JUSTIFICATION_MAX} busy={act.isPending} error={fieldError}
        onClose={() => setDialog(null)} onConfirm={(text) => dialog && confirmJustified(dialog.event, text)} />
      <TextPromptDialog open={dialog?.kind === 'reopen'} testId="reopen-dialog" title={t('warranties_ui.ticket_actions.reopen_title', { code: ticket.code })}
        label={t('warranties_ui.ticket_actions.reopen_reason')} confirmLabel={t(buttonKey('ticket.reopen'))} maxLength={JUSTIFICATION_MAX}
        busy={act.isPending} onClose={() => setDialog(null)} onConfirm={(text) => act.mutate({ event: 'ticket.reopen', justification: text || undefined })} />
      <MergeDialog ticket={ticket} open={dialog?.kind === 'merge'} onClose={() => setDialog(null)} />
      <EditTicketDialog ticket={ticket} open={dialog?.kind === 'edit'} onClose={() => setDialog(null)} />
    </Flex>
  );
}
