import { useMemo } from 'react';
import { Box } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Calendar, dayjsLocalizer, type EventProps, type SlotInfo, type View } from 'react-big-calendar';
import * as dndAddon from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
// The calendar's own styles, bundled into this lazy chunk and served from our origin.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { dayjs, dayjsLocaleOf } from '../../../shared/dayjs.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import type { AgendaEvent } from '../api/types.ts';
import { readableTextColor } from '../../../widgets/color.ts';
import { AGENDA_FORMATS } from './agenda-formats.ts';

/** Monday-first weeks (docs/product.md §9) come from the dayjs locales shared/dayjs.ts registers (es, and pt-br re-registered). */
const localizer = dayjsLocalizer(dayjs);

export type CalendarEvent = { id: number; title: string; start: Date; end: Date; resource: AgendaEvent; overlaps: number[] };
// The addon ships only as CommonJS (exports.default); the bundler may hand it over wrapped once more.
type WithDnD = typeof dndAddon.default;
const rawAddon = dndAddon.default as unknown as WithDnD | { default: WithDnD };
const withDragAndDrop: WithDnD = typeof rawAddon === 'function' ? rawAddon : rawAddon.default;
const DnDCalendar = withDragAndDrop<CalendarEvent>(Calendar);

type Props = {
  events: CalendarEvent[];
  view: View;
  date: Date;
  onView: (view: View) => void;
  onNavigate: (date: Date) => void;
  onMove: (event: CalendarEvent, start: Date, end: Date) => void;
  onSelectSlot: (slot: { start: Date; end: Date }) => void;
  onSelectEvent: (event: CalendarEvent) => void;
};

function EventBox({ event }: EventProps<CalendarEvent>) {
  const { t } = useTranslation();
  const overlap = event.overlaps.length > 0;
  return (
    <Box display="flex" gap="1" alignItems="center" minW="0" data-testid="agenda-event" data-order-id={event.id} data-overlaps={overlap || undefined}
      title={overlap ? t('warranties_ui.agenda.overlap', { count: event.overlaps.length }) : undefined}>
      {overlap ? <TriangleAlert size={12} aria-label={t('warranties_ui.agenda.overlap', { count: event.overlaps.length })} /> : null}
      <Box as="span" truncate>{event.title}</Box>
    </Box>
  );
}

/** react-big-calendar (month, week, day, agenda) with drag and drop, in its own chunk. */
export function AgendaCalendar({ events, view, date, onView, onNavigate, onMove, onSelectSlot, onSelectEvent }: Props) {
  const { t, i18n } = useTranslation();
  const culture = dayjsLocaleOf(i18n.language as AppLocale);
  const messages = useMemo(() => ({
    today: t('warranties_ui.agenda.today'), previous: t('warranties_ui.agenda.previous'), next: t('warranties_ui.agenda.next'),
    month: t('warranties_ui.agenda.month'), week: t('warranties_ui.agenda.week'), day: t('warranties_ui.agenda.day'), agenda: t('warranties_ui.agenda.agenda'),
    date: t('warranties_ui.agenda.date'), time: t('warranties_ui.agenda.time'), event: t('warranties_ui.agenda.event'),
    noEventsInRange: t('warranties_ui.agenda.empty'), showMore: (n: number) => t('warranties_ui.agenda.more', { count: n }),
  }), [t]);
  const move = ({ event, start, end }: EventInteractionArgs<CalendarEvent>) => onMove(event, new Date(start), new Date(end));
  return (
    <Box h={{ base: '70dvh', md: 'calc(100dvh - 260px)' }} minH="520px" bg="bg" p="2" borderWidth="1px" borderRadius="md"
      css={{ '& .rbc-event': { padding: '2px 4px' }, '& .rbc-toolbar': { gap: '8px', flexWrap: 'wrap' }, '& .rbc-toolbar-label': { fontWeight: 600 } }}
      data-testid="agenda-calendar">
      <DnDCalendar
        localizer={localizer} culture={culture} messages={messages} formats={AGENDA_FORMATS}
        events={events} view={view} date={date} onView={onView} onNavigate={onNavigate}
        views={['month', 'week', 'day', 'agenda']}
        // docs/product.md §9: quarter-hour slots; the whole day 0–23 h is reachable, the view opens at 8:00.
        step={15} timeslots={4} scrollToTime={new Date(1970, 0, 1, 8)}
        selectable resizable popup
        onEventDrop={move} onEventResize={move}
        onSelectSlot={(slot: SlotInfo) => onSelectSlot({ start: new Date(slot.start), end: new Date(slot.end) })}
        onSelectEvent={onSelectEvent}
        components={{ event: EventBox }}
        eventPropGetter={(event) => {
          const color = event.resource.responsible?.color || '#2b7bd6';
          const overlap = event.overlaps.length > 0;
          return {
            style: {
              backgroundColor: color, color: readableTextColor(color), borderRadius: 4,
              border: overlap ? '2px solid #dc2626' : '1px solid rgba(0,0,0,0.15)',
              opacity: event.resource.state === 'confirmada' ? 1 : 0.85,
              backgroundImage: event.resource.state === 'agendada' ? 'repeating-linear-gradient(45deg, transparent 0 6px, rgba(255,255,255,0.18) 6px 12px)' : undefined,
            },
          };
        }}
      />
    </Box>
  );
}
