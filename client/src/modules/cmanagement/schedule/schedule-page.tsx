import { lazy, Suspense, useMemo } from 'react';
import { Box, Button, ButtonGroup, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChartGantt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CM_TASK_STATES } from '#domain/cmanagement';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { peopleQuery } from '../api/people.ts';
import { scheduleQuery } from '../api/tasks.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { TasksGantt } from './tasks-gantt.tsx';
import { listOf, scheduleParamsOf, SCHEDULE_FILTERS, viewOf, withFilter } from './schedule-filters.ts';

const TaskCalendar = lazy(() => import('./task-calendar.tsx'));

/** /cmanagement/schedule (docs/product.md §2): every visible task on a Gantt or a calendar, filtered from the URL. */
export function SchedulePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => scheduleParamsOf(search), [search]);
  const view = viewOf(search);
  const schedule = useQuery(scheduleQuery(params));
  const { data: user } = useAuthUser();
  // GET personas is per project: with one project chosen its people are offered, besides those the tasks name.
  const projects = listOf(params.project);
  const onlyProject = projects.length === 1 ? Number(projects[0]) : null;
  const people = useQuery({ ...peopleQuery(onlyProject), enabled: onlyProject !== null });
  const set = (key: (typeof SCHEDULE_FILTERS)[number] | 'view', value: string | string[]) =>
    setSearch(withFilter(search, key, value), { replace: true });
  const open = (row: CmTaskRow) => navigate(`/cmanagement/tickets/${row.ticket.id}/tasks`);

  // The tickets offered are those with tasks in the answer, plus the ones already chosen.
  const ticketOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const task of schedule.data?.tasks ?? [])
      seen.set(String(task.ticket.id), `${task.ticket.code} · ${task.ticket.title}`);
    for (const id of listOf(params.ticket)) if (!seen.has(id)) seen.set(id, `#${id}`);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [schedule.data, params.ticket]);
  const assigneeOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const person of people.data ?? []) seen.set(String(person.id), person.full_name);
    for (const task of schedule.data?.tasks ?? [])
      if (task.assignee) seen.set(String(task.assignee.id), task.assignee.full_name);
    for (const id of listOf(params.assignee)) if (!seen.has(id)) seen.set(id, `#${id}`);
    return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [people.data, schedule.data, params.assignee]);
  const activeCount = SCHEDULE_FILTERS.filter((key) => params[key]).length;

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} data-testid="cm-schedule-page">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Heading as="h1" size="lg">
          {t('cmanagement_ui.schedule.title')}
        </Heading>
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t('cmanagement_ui.schedule.view')}>
          <Button
            aria-pressed={view === 'gantt'}
            variant={view === 'gantt' ? 'solid' : 'outline'}
            onClick={() => set('view', '')}
          >
            <ChartGantt size={16} /> {t('cmanagement_ui.schedule.gantt_view')}
          </Button>
          <Button
            aria-pressed={view === 'calendar'}
            variant={view === 'calendar' ? 'solid' : 'outline'}
            onClick={() => set('view', 'calendar')}
            data-testid="cm-schedule-calendar"
          >
            <CalendarDays size={16} /> {t('cmanagement_ui.schedule.calendar_view')}
          </Button>
        </ButtonGroup>
      </HStack>
      <FilterBar
        activeCount={activeCount}
        onClear={() =>
          setSearch(withFilter(new URLSearchParams(), 'view', view === 'calendar' ? 'calendar' : ''), { replace: true })
        }
      >
        <MultiSelectFilter
          label={t('cmanagement_ui.schedule.filters.project')}
          options={(user?.proyectos ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={listOf(params.project)}
          onChange={(v) => set('project', v)}
        />
        <MultiSelectFilter
          label={t('cmanagement_ui.schedule.filters.ticket')}
          options={ticketOptions}
          value={listOf(params.ticket)}
          onChange={(v) => set('ticket', v)}
        />
        <MultiSelectFilter
          label={t('cmanagement_ui.schedule.filters.assignee')}
          options={assigneeOptions}
          value={listOf(params.assignee)}
          onChange={(v) => set('assignee', v)}
          loading={people.isFetching}
        />
        <MultiSelectFilter
          label={t('cmanagement_ui.schedule.filters.state')}
          options={CM_TASK_STATES.map((s) => ({ value: s, label: t(`cmanagement_ui.tasks.state.${s}`) }))}
          value={listOf(params.state)}
          onChange={(v) => set('state', v)}
        />
        {(['from', 'to'] as const).map((key) => (
          <Box key={key} w={{ base: 'full', sm: '180px' }}>
            <DateField
              label={t(`cmanagement_ui.schedule.filters.${key}`)}
              value={params[key] ?? ''}
              onChange={(v) => set(key, v)}
              testId={`cm-schedule-${key}`}
            />
          </Box>
        ))}
      </FilterBar>
      <QueryState query={schedule}>
        {(data) =>
          data.tasks.length === 0 ? (
            <Box p="8" textAlign="center" borderWidth="1px" borderRadius="md">
              <Text color="fg.muted">{t('cmanagement_ui.schedule.empty')}</Text>
            </Box>
          ) : view === 'calendar' ? (
            <Suspense fallback={<Spinner m="6" />}>
              <TaskCalendar tasks={data.tasks} onOpen={open} />
            </Suspense>
          ) : (
            <TasksGantt schedule={data} groupByTicket onOpen={open} />
          )
        }
      </QueryState>
    </Stack>
  );
}
