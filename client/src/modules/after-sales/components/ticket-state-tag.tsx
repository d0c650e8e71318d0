import { Box, VisuallyHidden } from '@chakra-ui/react';
import { Pause } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TICKET_STATE_LETTER, type TicketState } from '#machines/ticket';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** One colour per ticket state; the postponed P is drawn dark (docs/product.md §4 "dark P for postponed"). */
export const TICKET_STATE_COLORS: Record<TicketState, string> = {
  nueva: '#2b7bd6',
  abierta: '#0d9488',
  en_proceso: '#d97706',
  finalizada: '#15803d',
  postergada: '#1f2937',
  resuelta: '#7c3aed',
  no_aplica: '#6b7280',
  fusionada: '#9ca3af',
};

/**
 * The ticket state tag of docs/product.md §4: the letter N, A, P or F on the state's colour, a dark P with a
 * pause mark when postponed; states without a letter (resolved, not applicable, merged) show their name. The full
 * state name is always there for screen readers and as the hover title.
 */
export function TicketStateTag({ state, size = 'md' }: { state: TicketState; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const name = t(`after_sales.states.${state}`);
  const letter = TICKET_STATE_LETTER[state];
  const color = TICKET_STATE_COLORS[state] ?? '#6b7280';
  if (!letter) return <StateTag label={name} color={color} size={size} />;
  const box = size === 'sm' ? '6' : '7';
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize={box}
      flexShrink={0}
      position="relative"
      borderRadius="md"
      fontWeight="bold"
      fontSize={size === 'sm' ? 'xs' : 'sm'}
      color="white"
      style={{ backgroundColor: color, boxShadow: letter.isDark ? 'inset 0 0 0 2px #000' : undefined }}
      title={name}
      data-testid="ticket-state-tag"
      data-state={state}
      data-letter={letter.letter}
      data-dark={letter.isDark || undefined}
      data-mark={letter.mark ?? undefined}
    >
      <span aria-hidden="true">{letter.letter}</span>
      {letter.mark === 'pause' ? (
        // Postponed: a pause mark in the corner, so it differs from the in-progress P without colour.
        <Box
          as="span"
          aria-hidden="true"
          position="absolute"
          bottom="-1"
          right="-1"
          display="inline-flex"
          borderRadius="full"
          bg="white"
          color="gray.900"
          borderWidth="1px"
          borderColor="gray.900"
          p="1px"
        >
          <Pause size={size === 'sm' ? 8 : 10} strokeWidth={3} />
        </Box>
      ) : null}
      <VisuallyHidden>{name}</VisuallyHidden>
    </Box>
  );
}
