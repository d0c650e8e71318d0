import { useState } from 'react';
import { Alert, Badge, Box, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { Link as RouterLink } from 'react-router';
import { CM_TICKET_STATES } from '#domain/cmanagement';
import type { CmTicketRow } from '#domain/cmanagement-responses';
import type { CmTicketState } from '#machines/cm-ticket';
import { useCan } from '../../../api/session/auth-user.ts';
import { CM_MANAGE } from '#domain/cmanagement';
import { useTicketCommand } from '../api/tickets.ts';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { CM_TICKET_STATE_COLORS, ticketStateName } from '../components/ticket-state.tsx';
import { boardMove } from './board-moves.ts';
import { PriorityBadge } from './priority-badge.tsx';

function TicketCard({ ticket, draggable }: { ticket: CmTicketRow; draggable: boolean }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: ticket.id,
    disabled: !draggable,
  });
  return (
    <Card.Root
      ref={setNodeRef}
      size="sm"
      data-testid="board-card"
      data-ticket-id={ticket.id}
      opacity={isDragging ? 0.7 : 1}
      style={transform ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10 } : undefined}
      cursor={draggable ? 'grab' : undefined}
      {...attributes}
      {...listeners}
    >
      <Card.Body gap="1" p="3">
        <HStack justify="space-between" gap="2">
          <Text textStyle="xs" color="fg.muted">
            {ticket.code}
          </Text>
          <PriorityBadge priority={ticket.priority} />
        </HStack>
        <Link asChild fontWeight="medium" textStyle="sm">
          <RouterLink to={`/cmanagement/tickets/${ticket.id}`}>{ticket.title}</RouterLink>
        </Link>
        <Text textStyle="xs" color="fg.muted" truncate>
          {ticket.project.name} · {ticket.category.name}
        </Text>
        {ticket.assignees.length ? (
          <Text textStyle="xs" truncate>
            {ticket.assignees.map((a) => a.full_name).join(', ')}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function Column({ state, tickets, draggable }: { state: CmTicketState; tickets: CmTicketRow[]; draggable: boolean }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: state });
  const name = ticketStateName(t, state);
  return (
    <Box
      ref={setNodeRef}
      role="region"
      aria-label={name}
      data-testid={`board-column-${state}`}
      minW="260px"
      w="260px"
      flexShrink={0}
      bg={isOver ? 'bg.emphasized' : 'bg.muted'}
      borderRadius="md"
      borderTopWidth="4px"
      borderTopColor={CM_TICKET_STATE_COLORS[state]}
      p="2"
    >
      <HStack justify="space-between" mb="2" px="1">
        <Text fontWeight="semibold" textStyle="sm">
          {name}
        </Text>
        <Badge variant="subtle">{tickets.length}</Badge>
      </HStack>
      <Stack gap="2" minH="120px">
        {tickets.map((ticket) => (
          <TicketCard key={ticket.id} ticket={ticket} draggable={draggable} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The tickets by state (docs/product.md §1 Cmanagement board): dropping a card on another column sends the
 * machine's event that leads there (tickets/board-moves.ts); a move the machine refuses shows its reason, and
 * blocking asks for the reason first.
 */
export function TicketsBoard({ rows }: { rows: CmTicketRow[] }) {
  const { t } = useTranslation();
  const canManage = useCan(CM_MANAGE);
  const command = useTicketCommand();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [blocking, setBlocking] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On a phone a short touch scrolls the columns; a press held a moment picks the card up.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const ticket = rows.find((r) => r.id === active.id);
    if (!ticket || !over) return;
    const move = boardMove(ticket, over.id as CmTicketState, t);
    if (move.kind === 'refused') setRefusal(move.message);
    else if (move.kind === 'ask_reason') setBlocking(ticket.id);
    else if (move.kind === 'send') {
      setRefusal(null);
      command.mutate({ id: ticket.id, event: move.event });
    }
  };

  return (
    <Stack gap="3">
      {refusal ? (
        <Alert.Root status="warning" data-testid="board-refusal">
          <Alert.Indicator />
          <Alert.Title flex="1">{refusal}</Alert.Title>
          <CloseButton size="sm" aria-label={t('cmanagement_ui.board.dismiss')} onClick={() => setRefusal(null)} />
        </Alert.Root>
      ) : null}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <HStack align="stretch" gap="3" overflowX="auto" pb="2" data-testid="tickets-board">
          {CM_TICKET_STATES.map((state) => (
            <Column key={state} state={state} tickets={rows.filter((r) => r.state === state)} draggable={canManage} />
          ))}
        </HStack>
      </DndContext>
      <ReasonDialog
        open={blocking !== null}
        busy={command.isPending}
        onClose={() => setBlocking(null)}
        onConfirm={(reason) =>
          command.mutate({ id: blocking!, event: 'cmTicket.block', reason }, { onSuccess: () => setBlocking(null) })
        }
      />
    </Stack>
  );
}
