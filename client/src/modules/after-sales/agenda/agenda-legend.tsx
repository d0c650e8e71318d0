import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AgendaEvent } from '../api/types.ts';
import { OVERLAP_BORDER, visitStyle } from './agenda-style.ts';

/** The responsibles of the visits shown, each once, by name, with their colour. */
export function legendPeople(events: Pick<AgendaEvent, 'responsible'>[]) {
  const people = new Map<number | null, { name: string | null; color: string | null }>();
  for (const e of events) {
    const key = e.responsible?.id ?? null;
    if (!people.has(key))
      people.set(key, { name: e.responsible?.full_name ?? null, color: e.responsible?.color ?? null });
  }
  return [...people.entries()]
    .map(([id, p]) => ({ id, ...p }))
    .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff'));
}

function Swatch({ style }: { style: React.CSSProperties }) {
  return <Box as="span" display="inline-block" w="4" h="3" flexShrink={0} style={style} aria-hidden="true" />;
}

/** What the calendar's colours mean (agenda-style.ts): one colour per responsible, the state as a pattern, overlaps. */
export function AgendaLegend({ events }: { events: Pick<AgendaEvent, 'responsible'>[] }) {
  const { t } = useTranslation();
  const people = legendPeople(events);
  const sample = '#718096';
  const states = [
    { key: 'agendada', label: t('machines.order.states.agendada') },
    { key: 'confirmada', label: t('machines.order.states.confirmada') },
    { key: 'gestionada', label: t('after_sales_ui.agenda.legend.done') },
  ];
  return (
    <Box
      as="section"
      aria-label={t('after_sales_ui.agenda.legend.title')}
      data-testid="agenda-legend"
      mt="2"
      textStyle="xs"
      color="fg.muted"
    >
      <HStack gap="4" wrap="wrap" rowGap="1">
        {people.map((p) => (
          <HStack key={p.id ?? 'none'} gap="1" data-testid="legend-person">
            <Swatch style={visitStyle(p.color, 'confirmada', false)} />
            <Text as="span">{p.name ?? t('after_sales_ui.unassigned')}</Text>
          </HStack>
        ))}
        {people.length ? <Box as="span" borderLeftWidth="1px" h="3" aria-hidden="true" /> : null}
        {states.map((s) => (
          <HStack key={s.key} gap="1">
            <Swatch style={visitStyle(sample, s.key, false)} />
            <Text as="span">{s.label}</Text>
          </HStack>
        ))}
        <HStack gap="1">
          <Swatch style={{ border: OVERLAP_BORDER, borderRadius: 4 }} />
          <Text as="span">{t('after_sales_ui.agenda.legend.overlap')}</Text>
        </HStack>
      </HStack>
    </Box>
  );
}
