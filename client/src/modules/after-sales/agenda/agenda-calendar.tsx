import { useMemo, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Calendar, type EventProps, type SlotInfo, type View } from 'react-big-calendar';
import * as dndAddon from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
// The calendar's own styles, bundled into this lazy chunk and served from our origin.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { dayjsLocaleOf } from '../../../shared/dayjs.ts';
import { CALENDAR_FORMATS, calendarLocalizer as localizer } from '../../../widgets/calendar-formats.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import { useCalendarA11y } from './calendar-a11y.ts';
import type { AgendaEvent } from '../api/types.ts';
import { visitStyle } from './agenda-style.ts';

export type CalendarEvent = {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resource: AgendaEvent;
  overlaps: number[];
};
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
  /** A click, Enter or Space on a visit: its preview, anchored to the visit's element. */
  onSelectEvent: (event: CalendarEvent, element: HTMLElement | null) => void;
  /** A visit starts being dragged or resized: the page shows its responsible's day. */
  onDragStart?: (event: CalendarEvent) => void;
  /** While dragging: the responsible whose visits stay bright (others dim); undefined when not dragging. */
  highlight?: number | null;
};

function EventBox({ event }: EventProps<CalendarEvent>) {
  const { t } = useTranslation();
  const overlap = event.overlaps.length > 0;
  return (
    <Box
      display="flex"
      gap="1"
      alignItems="center"
      minW="0"
      data-testid="agenda-event"
      data-order-id={event.id}
      data-overlaps={overlap || undefined}
      title={overlap ? t('after_sales_ui.agenda.overlap', { count: event.overlaps.length }) : undefined}
    >
      {overlap ? (
        <TriangleAlert size={12} aria-label={t('after_sales_ui.agenda.overlap', { count: event.overlaps.length })} />
      ) : null}
      <Box as="span" truncate>
        {event.title}
      </Box>
    </Box>
  );
}

/** react-big-calendar (month, week, day, agenda) with drag and drop, in its own chunk. */
export function AgendaCalendar({
  events,
  view,
  date,
  onView,
  onNavigate,
  onMove,
  onSelectSlot,
  onSelectEvent,
  onDragStart,
  highlight,
}: Props) {
  const { t, i18n } = useTranslation();
  const culture = dayjsLocaleOf(i18n.language as AppLocale);
  const messages = useMemo(
    () => ({
      today: t('after_sales_ui.agenda.today'),
      previous: t('after_sales_ui.agenda.previous'),
      next: t('after_sales_ui.agenda.next'),
      month: t('after_sales_ui.agenda.month'),
      week: t('after_sales_ui.agenda.week'),
      day: t('after_sales_ui.agenda.day'),
      agenda: t('after_sales_ui.agenda.agenda'),
      date: t('after_sales_ui.agenda.date'),
      time: t('after_sales_ui.agenda.time'),
      event: t('after_sales_ui.agenda.event'),
      noEventsInRange: t('after_sales_ui.agenda.empty'),
      showMore: (n: number) => t('after_sales_ui.agenda.more', { count: n }),
    }),
    [t],
  );
  const move = ({ event, start, end }: EventInteractionArgs<CalendarEvent>) =>
    onMove(event, new Date(start), new Date(end));
  const frame = useRef<HTMLDivElement>(null);
  useCalendarA11y(frame, t('routes.warranties.agenda.title'));
  return (
    <Box
      ref={frame}
      h={{ base: '70dvh', md: 'calc(100dvh - 260px)' }}
      minH="520px"
      bg="bg"
      p="2"
      borderWidth="1px"
      borderRadius="md"
      css={{
        '& .rbc-event': { padding: '2px 4px' },
        '& .rbc-toolbar': { gap: '8px', flexWrap: 'wrap' },
        '& .rbc-toolbar-label': { fontWeight: 600 },
        // The library's grey (#999) on the off-month days reads at 2.8:1; WCAG 1.4.3 asks 4.5:1.
        '& .rbc-off-range, & .rbc-off-range .rbc-button-link': { color: 'fg.muted' },
      }}
      data-testid="agenda-calendar"
    >
      <DnDCalendar
        localizer={localizer}
        culture={culture}
        messages={messages}
        formats={CALENDAR_FORMATS}
        events={events}
        view={view}
        date={date}
        onView={onView}
        onNavigate={onNavigate}
        views={['month', 'week', 'day', 'agenda']}
        // docs/product.md §9: quarter-hour slots; the whole day 0–23 h is reachable, the view opens at 8:00.
        step={15}
        timeslots={4}
        scrollToTime={new Date(1970, 0, 1, 8)}
        selectable
        resizable
        popup
        onEventDrop={move}
        onEventResize={move}
        onSelectSlot={(slot: SlotInfo) => onSelectSlot({ start: new Date(slot.start), end: new Date(slot.end) })}
        onSelectEvent={(event, e) => onSelectEvent(event, e.currentTarget as HTMLElement | null)}
        onKeyPressEvent={(event, e) => {
          const key = (e as unknown as KeyboardEvent).key;
          if (key !== 'Enter' && key !== ' ') return;
          e.preventDefault();
          onSelectEvent(event, e.currentTarget as HTMLElement | null);
        }}
        onDragStart={({ event }) => onDragStart?.(event)}
        components={{ event: EventBox }}
        eventPropGetter={(event) => {
          const responsible = event.resource.responsible?.id ?? null;
          return {
            style: visitStyle(
              event.resource.responsible?.color,
              event.resource.state,
              event.overlaps.length > 0,
              highlight !== undefined && responsible !== highlight,
            ),
          };
        }}
      />
    </Box>
  );
}
