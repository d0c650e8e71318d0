import { memo } from 'react';
import { Badge, Box, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RequestsBoard } from '../api/types.ts';
import { PriorityBadge } from '../components/priority-badge.tsx';
import { TicketStateTag } from '../components/ticket-state-tag.tsx';

type LaneData = RequestsBoard['lanes'][number];
type CardData = LaneData['tickets'][number];

/**
 * One responsible's lane of the live board and its cards. Both are memoised on their data: a live event
 * (api/screen-apply.ts) replaces only the lanes and cards it changes, so the others do not render again.
 */
export const BoardCard = memo(function BoardCard({ card: c }: { card: CardData }) {
  const { t } = useTranslation();
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="2"
      borderColor={c.overdue ? 'red.300' : undefined}
      data-testid="board-card"
      data-ticket-id={c.id}
    >
      <HStack gap="2">
        <TicketStateTag state={c.state} size="sm" />
        <Link asChild fontWeight="semibold" textStyle="sm" colorPalette="brand">
          <RouterLink to={`/warranties/solicitud/${c.id}`}>{c.code}</RouterLink>
        </Link>
        <PriorityBadge priority={c.priority} />
      </HStack>
      <Text textStyle="xs" mt="1" lineClamp={2}>
        {c.subject}
      </Text>
      {c.overdue ? (
        <Text textStyle="xs" color={{ base: 'red.700', _dark: 'red.300' }} fontWeight="medium">
          {t('after_sales_ui.board.overdue')}
        </Text>
      ) : null}
    </Box>
  );
});

export const Lane = memo(function Lane({ lane }: { lane: LaneData }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" minW="64" maxW="80" flexShrink={0} data-testid="board-lane">
      <Card.Header pb="2">
        <HStack justify="space-between" gap="2">
          <HStack gap="2" minW="0">
            <Box
              boxSize="3"
              borderRadius="full"
              flexShrink={0}
              style={{ backgroundColor: lane.responsible.color ?? '#9ca3af' }}
            />
            <Text fontWeight="semibold" truncate>
              {lane.responsible.full_name}
            </Text>
          </HStack>
          <Badge variant="subtle">{lane.open}</Badge>
        </HStack>
        <HStack gap="1" mt="1" wrap="wrap" textStyle="xs" color="fg.muted">
          {(['nueva', 'abierta', 'en_proceso', 'postergada'] as const).map((s) => (
            <HStack key={s} gap="1">
              <TicketStateTag state={s} size="sm" />
              {lane.by_state[s]}
            </HStack>
          ))}
          {lane.responsible.is_agent ? (
            <Badge size="xs" variant="outline">
              {t('after_sales_ui.board.agent_exempt')}
            </Badge>
          ) : lane.overdue ? (
            <Badge size="xs" colorPalette="red">
              {t('after_sales_ui.board.overdue_n', { count: lane.overdue })}
            </Badge>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body pt="0">
        <Stack gap="2" maxH="96" overflowY="auto">
          {lane.tickets.map((c) => (
            <BoardCard key={c.id} card={c} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
});
