import { Box, HStack, List, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../shared/dayjs.ts';
import { agendaQuery } from '../api/boards-api.ts';
import type { AgendaEvent } from '../api/types.ts';
import { availabilityOf } from './agenda-rules.ts';

const hhmm = (iso: string) => dayjs(iso).format('HH:mm');

/** One line per other visit of the responsible that day, overlapping ones marked. */
export function AvailabilityList({
  sameDay,
  overlapping,
}: {
  sameDay: Pick<AgendaEvent, 'id' | 'code' | 'start' | 'end' | 'unit' | 'project'>[];
  overlapping: { id: number }[];
}) {
  const { t } = useTranslation();
  if (!sameDay.length)
    return (
      <Text textStyle="sm" color="fg.muted" data-testid="availability-free">
        {t('after_sales_ui.agenda.availability.free')}
      </Text>
    );
  const clash = new Set(overlapping.map((v) => v.id));
  return (
    <List.Root gap="0.5" ps="4" textStyle="sm">
      {sameDay.map((v) => (
        <List.Item key={v.id} color={clash.has(v.id) ? 'fg.error' : undefined} data-testid="availability-visit">
          {hhmm(v.start)}–{hhmm(v.end)} · {v.code} · {v.unit.number} · {v.project.name}
          {clash.has(v.id) ? ` (${t('after_sales_ui.agenda.availability.overlaps')})` : ''}
        </List.Item>
      ))}
    </List.Root>
  );
}

type Props = { responsibleId: number | null; name?: string; start: string | null; minutes: number };

/**
 * The responsible's other visits on the day of a new visit, across every project the user sees (docs/product.md
 * #agenda: overlaps of one responsible are flagged), so the scheduler sees a clash before creating it.
 */
export function ResponsibleAvailability({ responsibleId, name, start, minutes }: Props) {
  const { t } = useTranslation();
  const day = start ? dayjs(start).format('YYYY-MM-DD') : null;
  const visits = useQuery({
    ...agendaQuery({ from: day ?? '', to: day ?? '', responsible_id: responsibleId ? [responsibleId] : undefined }),
    enabled: Boolean(responsibleId && day),
  });
  if (!responsibleId || !start) return null;
  const from = new Date(start);
  const { sameDay, overlapping } = availabilityOf(
    visits.data ?? [],
    responsibleId,
    from,
    new Date(from.getTime() + minutes * 60_000),
  );
  return (
    <Box aria-live="polite" data-testid="responsible-availability" borderWidth="1px" borderRadius="md" p="2">
      <HStack gap="1" mb="1">
        {overlapping.length ? (
          <TriangleAlert size={14} color="var(--chakra-colors-fg-error)" aria-hidden="true" />
        ) : null}
        <Text textStyle="sm" fontWeight="medium">
          {t('after_sales_ui.agenda.availability.title', { name: name ?? '' })}
        </Text>
      </HStack>
      {visits.isPending ? (
        <Text textStyle="sm" color="fg.muted">
          {t('widgets.multi_select.loading')}
        </Text>
      ) : (
        <AvailabilityList sameDay={sameDay} overlapping={overlapping} />
      )}
    </Box>
  );
}
