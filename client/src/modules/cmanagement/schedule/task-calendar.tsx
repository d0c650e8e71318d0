import { useMemo, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Calendar, type View } from 'react-big-calendar';
// The calendar's own styles, in this lazy chunk (as the after-sales agenda does).
import 'react-big-calendar/lib/css/react-big-calendar.css';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { dayjsLocaleOf } from '../../../shared/dayjs.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import { CALENDAR_FORMATS, calendarLocalizer } from '../../../widgets/calendar-formats.ts';
import { taskEvents, type TaskEvent } from './calendar-events.ts';

const STATE_COLORS = { pendiente: '#64748b', en_curso: '#2563eb', completada: '#16a34a' } as const;

type Props = { tasks: readonly CmTaskRow[]; onOpen: (row: CmTaskRow) => void };

/** The schedule's tasks on a month or week calendar (react-big-calendar), each one a whole-day event. */
export default function TaskCalendar({ tasks, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>('month');
  const [date, setDate] = useState(() => new Date());
  const events = useMemo(() => taskEvents(tasks), [tasks]);
  const messages = useMemo(
    () => ({
      today: t('cmanagement_ui.schedule.calendar.today'),
      previous: t('cmanagement_ui.schedule.calendar.previous'),
      next: t('cmanagement_ui.schedule.calendar.next'),
      month: t('cmanagement_ui.schedule.calendar.month'),
      week: t('cmanagement_ui.schedule.calendar.week'),
      allDay: t('cmanagement_ui.schedule.calendar.all_day'),
      noEventsInRange: t('cmanagement_ui.schedule.empty'),
      showMore: (n: number) => t('cmanagement_ui.schedule.calendar.more', { count: n }),
    }),
    [t],
  );
  return (
    <Box
      h={{ base: '70dvh', md: 'calc(100dvh - 300px)' }}
      minH="480px"
      p="2"
      borderWidth="1px"
      borderRadius="md"
      data-testid="cm-task-calendar"
      css={{
        '& .rbc-toolbar': { gap: '8px', flexWrap: 'wrap' },
        '& .rbc-toolbar-label': { fontWeight: 600 },
        '& .rbc-off-range, & .rbc-off-range .rbc-button-link': { color: 'fg.muted' },
      }}
    >
      <Calendar<TaskEvent>
        localizer={calendarLocalizer}
        culture={dayjsLocaleOf(i18n.language as AppLocale)}
        messages={messages}
        formats={CALENDAR_FORMATS}
        events={events}
        view={view}
        date={date}
        onView={setView}
        onNavigate={setDate}
        views={['month', 'week']}
        popup
        onSelectEvent={(event) => onOpen(event.resource)}
        eventPropGetter={(event) => ({ style: { background: STATE_COLORS[event.resource.state], border: 0 } })}
      />
    </Box>
  );
}
