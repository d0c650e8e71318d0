import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, HStack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { View } from 'react-big-calendar';
import { SLOT_MINUTES } from '#domain/schemas/warranties';
import { showErrorToast } from '../../../api/notify.ts';
import { dayjs } from '../../../shared/dayjs.ts';
import { withTimeout } from '../../../shared/lazy-page.tsx';
import { PageHeader, PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../shared/session/auth-user.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { agendaApi, agendaQuery, type AgendaArgs } from '../api/boards-api.ts';
import { warrantyKeys } from '../api/keys.ts';
import type { AgendaEvent } from '../api/types.ts';
import { useWarrantyLive } from '../api/use-warranty-live.ts';
import { useFilterOptions } from '../solicitudes/use-filter-options.ts';
import { dropRefusal, overlapsOf } from './agenda-rules.ts';
import type { CalendarEvent } from './agenda-calendar.tsx';
import { NewVisitDialog } from './new-visit-dialog.tsx';

// The calendar (react-big-calendar and its CSS) is its own chunk, fetched only by the agenda.
const AgendaCalendar = lazy(() => withTimeout(() => import('./agenda-calendar.tsx')).then((m) => ({ default: m.AgendaCalendar })));

const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const AGENDA_VIEW_DAYS = 30;

/** The dates a view shows (month with its spill-over weeks, Monday-first weeks, a day, the 30-day agenda list). */
export function visibleRange(view: View, date: Date): { from: string; to: string } {
  const d = dayjs(date);
  if (view === 'month') {
    const start = d.startOf('month').startOf('week');
    return { from: iso(start), to: iso(start.add(41, 'day')) };
  }
  if (view === 'week' || view === 'work_week') return { from: iso(d.startOf('week')), to: iso(d.startOf('week').add(6, 'day')) };
  if (view === 'day') return { from: iso(d), to: iso(d) };
  return { from: iso(d), to: iso(d.add(AGENDA_VIEW_DAYS - 1, 'day')) };
}

const snap = (d: Date) => new Date(Math.round(d.getTime() / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES * 60_000);

/** docs/product.md §2 /warranties/agenda: scheduled OI/OT by responsible; create from a slot, drag to reschedule, overlaps flagged. */
export function AgendaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projectId = useSession((s) => s.projectId);
  const canManage = useCan('postventa_gestionar');
  // A week of seven columns does not fit a phone: there the agenda opens on the day.
  const [view, setView] = useState<View>(() => (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches ? 'day' : 'week'));
  const [date, setDate] = useState(() => new Date());
  const [responsibles, setResponsibles] = useState<string[]>([]);
  const [kinds, setKinds] = useState<string[]>([]);
  const [slot, setSlot] = useState<{ start: Date; end: Date } | null>(null);
  const projects = projectId ? [projectId] : [];
  const options = useFilterOptions(projects.map(String), []);
  useWarrantyLive(projects);
  const args: AgendaArgs = {
    ...visibleRange(view, date), project_id: projects.length ? projects : undefined,
    responsible_id: responsibles.length ? responsibles.map(Number) : undefined, kind: kinds.length ? (kinds as AgendaArgs['kind']) : undefined,
  };
  const agenda = useQuery(agendaQuery(args));
  const events: CalendarEvent[] = useMemo(() => {
    const rows = agenda.data ?? [];
    const clashes = overlapsOf(rows);
    return rows.map((e) => ({ id: e.id, title: `${e.code} · ${e.unit.number}${e.responsible ? ` · ${e.responsible.full_name}` : ''}`, start: new Date(e.start), end: new Date(e.end), resource: e, overlaps: clashes.get(e.id) ?? [] }));
  }, [agenda.data]);

  const move = useMutation({
    mutationFn: ({ event, start, minutes }: { event: AgendaEvent; start: Date; minutes: number }) =>
      agendaApi.reschedule(event.id, { start_at: start.toISOString(), duration_minutes: minutes }),
    onMutate: ({ event, start, minutes }) => {
      // Shown moved at once (and re-flagged for overlaps); a refusal puts it back.
      queryClient.setQueryData(agendaQuery(args).queryKey, (rows: AgendaEvent[] | undefined) => rows?.map((r) => (r.id === event.id
        ? { ...r, start: start.toISOString(), end: new Date(start.getTime() + minutes * 60_000).toISOString(), duration_minutes: minutes } : r)));
    },
    onSettled: (_data, _err, { event }) => {
      void queryClient.invalidateQueries({ queryKey: ['warranties', 'agenda'] });
      void queryClient.invalidateQueries({ queryKey: warrantyKeys.ticket(event.ticket.id) });
    },
  });

  function onMove(event: CalendarEvent, rawStart: Date, rawEnd: Date) {
    if (!canManage) return;
    const start = snap(rawStart);
    const minutes = Math.max(SLOT_MINUTES, Math.round((snap(rawEnd).getTime() - start.getTime()) / 60_000));
    if (start.getTime() === event.start.getTime() && minutes === event.resource.duration_minutes) return;
    const refused = dropRefusal(event.resource, start.toISOString(), new Date(start.getTime() + minutes * 60_000).toISOString(), t);
    if (refused) return showErrorToast(409, refused);
    move.mutate({ event: event.resource, start, minutes });
  }

  return (
    <Box>
      <PageHeader title={t('routes.warranties.agenda.title')} actions={(
        <HStack gap="2" wrap="wrap">
          <MultiSelectFilter label={t('warranties_ui.filters.responsible')} options={options.responsibles} value={responsibles} onChange={setResponsibles} loading={options.isLoading} />
          <MultiSelectFilter label={t('warranties_ui.filters.kind')} value={kinds} onChange={setKinds}
            options={[{ value: 'OI', label: t('warranties_ui.agenda.kinds.OI') }, { value: 'OT', label: t('warranties_ui.agenda.kinds.OT') }]} />
        </HStack>
      )} />
      <Suspense fallback={<PageSpinner minH="50vh" />}>
        <AgendaCalendar events={events} view={view} date={date} onView={setView} onNavigate={setDate} onMove={onMove}
          onSelectSlot={(s) => { if (canManage) setSlot(s); }}
          onSelectEvent={(e) => navigate(`/warranties/solicitud/${e.resource.ticket.id}/${e.resource.kind === 'OI' ? 'oi' : 'ot'}/editar/${e.id}`)} />
      </Suspense>
      <NewVisitDialog open={slot !== null} slot={slot} projectIds={projects} responsibleId={responsibles.length === 1 ? responsibles[0] : null} onClose={() => setSlot(null)} />
    </Box>
  );
}
