import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CmTicketDetail } from '#domain/cmanagement-responses';
import { serverFieldErrors } from '../../../api/errors.ts';
import { useTicketCommand } from '../api/tickets.ts';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { ticketActionLabel } from '../components/ticket-state.tsx';

/** The state changes the machine allows now and the caller may send (the detail's `allowed_events`). */
export function TicketStateActions({ ticket }: { ticket: CmTicketDetail }) {
  const { t } = useTranslation();
  const command = useTicketCommand();
  const [blocking, setBlocking] = useState(false);
  const [reasonError, setReasonError] = useState<string>();
  if (ticket.allowed_events.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap" data-testid="ticket-actions">
      {ticket.allowed_events.map((event) => (
        <Button
          key={event}
          size="sm"
          variant={event === 'cmTicket.block' || event === 'cmTicket.close' ? 'outline' : 'solid'}
          colorPalette={event === 'cmTicket.block' ? 'red' : 'brand'}
          loading={command.isPending && command.variables?.event === event}
          data-testid={`action-${event}`}
          onClick={() => (event === 'cmTicket.block' ? setBlocking(true) : command.mutate({ id: ticket.id, event }))}
        >
          {ticketActionLabel(t, event)}
        </Button>
      ))}
      <ReasonDialog
        open={blocking}
        busy={command.isPending}
        error={reasonError}
        onClose={() => {
          setBlocking(false);
          setReasonError(undefined);
        }}
        onConfirm={(reason) =>
          command.mutate(
            { id: ticket.id, event: 'cmTicket.block', reason },
            {
              onSuccess: () => setBlocking(false),
              onError: (err) => setReasonError(serverFieldErrors(err).reason),
            },
          )
        }
      />
    </HStack>
  );
}
