import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { View } from 'react-big-calendar';
import { SLOT_MINUTES } from '#domain/schemas/after-sales';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { dayjs } from '../../../shared/dayjs.ts';
import { withTimeout } from '../../../shared/lazy-page.tsx';
import { PageHeader, PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../api/session/auth-user.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { ProjectScopeFilter, useProjectScope } from '../../../widgets/project-scope-filter.tsx';
import { agendaQuery, type AgendaArgs } from '../api/boards-api.ts';
import { useMoveVisit } from '../api/order-mutations.ts';
import { useAfterSalesLive } from '../api/use-after-sales-live.ts';
import { useFilterOptions } from '../solicitudes/use-filter-options.ts';
import { AgendaLegend } from './agenda-legend.tsx';
import { availabilityOf, dropRefusal, overlapsOf } from './agenda-rules.ts';
import type { CalendarEvent } from './agenda-calendar.tsx';
import type { AgendaEvent } from '../api/types.ts';
import { NewVisitDialog } from './new-visit-dialog.tsx';
import { VisitPreview, type PreviewTarget } from './visit-preview.tsx';

// The calendar (react-big-calendar and its CSS) is its own chunk, fetched only by the agenda.
const AgendaCalendar = lazy(() =>
  withTimeout(() => import('./agenda-calendar.tsx')).then((m) => ({ default: m.AgendaCalendar })),
);

const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const AGENDA_VIEW_DAYS = 30;

/** The dates a view shows (month with its spill-over weeks, Monday-first weeks, a day, the 30-day agenda list). */
export function visibleRange(view: View, date: Date): { from: string; to: string } {
  const d = dayjs(date);
  if (view === 'month') {
    const start = d.startOf('month').startOf('week');
    return { from: iso(start), to: iso(start.add(41, 'day')) };
  }
  if (view === 'week' || view === 'work_week')
    return { from: iso(d.startOf('week')), to: iso(d.startOf('week').add(6, 'day')) };
  if (view === 'day') return { from: iso(d), to: iso(d) };
  return { from: iso(d), to: iso(d.add(AGENDA_VIEW_DAYS - 1, 'day')) };
}

const timeText = (iso: string) => dayjs(iso).format('HH:mm');
const snap = (d: Date) => new Date(Math.round(d.getTime() / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES * 60_000);

/** docs/product.md §2 /warranties/agenda: scheduled OI/OT by responsible; create from a slot, drag to reschedule, overlaps flagged. */
export function AgendaPage() {
  const { t, i18n } = useTranslation();
  const scope = useProjectScope('agenda');
  const canManage = useCan('postventa_gestionar');
  // A week of seven columns does not fit a phone: there the agenda opens on the day.
  const [view, setView] = useState<View>(() =>
    typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches ? 'day' : 'week',
  );
  const [date, setDate] = useState(() => new Date());
  const [responsibles, setResponsibles] = useState<string[]>([]);
  const [kinds, setKinds] = useState<string[]>([]);
  const [slot, setSlot] = useState<{ start: Date; end: Date } | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [dragging, setDragging] = useState<CalendarEvent | null>(null);
  // The agenda's projects: the top bar's by default, a few chosen, or all the user's (empty: every one).
  const projects = scope.projectIds;
  const manyProjects = scope.all || projects.length > 1;
  const options = useFilterOptions(projects.map(String), []);
  useAfterSalesLive(projects);
  const args: AgendaArgs = {
    ...visibleRange(view, date),
    project_id: projects.length ? projects : undefined,
    responsible_id: responsibles.length ? responsibles.map(Number) : undefined,
    kind: kinds.length ? (kinds as AgendaArgs['kind']) : undefined,
  };
  const agenda = useQuery(agendaQuery(args));
  const events: CalendarEvent[] = useMemo(() => {
    const rows = agenda.data ?? [];
    const clashes = overlapsOf(rows);
    return rows.map((e) => ({
      id: e.id,
      title: [e.code, e.unit.number, e.responsible?.full_name, manyProjects ? e.project.name : null]
        .filter(Boolean)
        .join(' · '),
      start: new Date(e.start),
      end: new Date(e.end),
      resource: e,
      overlaps: clashes.get(e.id) ?? [],
    }));
  }, [agenda.data, manyProjects]);

  // Shown moved at once and re-flagged for overlaps (overlapsOf above); a refusal puts it back.
  const move = useMoveVisit(args);

  function onMove(event: CalendarEvent, rawStart: Date, rawEnd: Date) {
    if (!canManage) return;
    const start = snap(rawStart);
    const minutes = Math.max(SLOT_MINUTES, Math.round((snap(rawEnd).getTime() - start.getTime()) / 60_000));
    if (start.getTime() === event.start.getTime() && minutes === event.resource.duration_minutes) return;
    const refused = dropRefusal(
      event.resource,
      start.toISOString(),
      new Date(start.getTime() + minutes * 60_000).toISOString(),
      t,
    );
    if (refused) return showErrorToast(409, refused);
    const before = { start: event.start, minutes: Math.round((event.end.getTime() - event.start.getTime()) / 60_000) };
    move.mutate(
      { event: event.resource, start, minutes },
      { onSuccess: (order) => announceMove(event.resource, start, minutes, () => undo(order.id, before)) },
    );
  }

  /** Puts a moved visit back where it was, through the same PATCH as the drag. */
  function undo(orderId: number, before: { start: Date; minutes: number }) {
    const current = agendaRows().find((r) => r.id === orderId);
    if (current) move.mutate({ event: current, start: before.start, minutes: before.minutes });
  }
  const agendaRows = () => agenda.data ?? [];

  /** The moved visit's new time, the responsible's other visits that day (overlaps first), and "Deshacer". */
  function announceMove(visit: AgendaEvent, start: Date, minutes: number, onUndo: () => void) {
    const end = new Date(start.getTime() + minutes * 60_000);
    const { sameDay, overlapping } = availabilityOf(agendaRows(), visit.responsible?.id, start, end, visit.id);
    const details = [
      ...overlapping.map((v) => t('after_sales_ui.agenda.moved_overlap', { code: v.code, time: timeText(v.start) })),
      sameDay.length
        ? t('after_sales_ui.agenda.moved_day', { count: sameDay.length, name: visit.responsible?.full_name ?? '' })
        : null,
    ].filter((x): x is string => Boolean(x));
    showSuccessToast(
      t('after_sales_ui.agenda.moved', { code: visit.code, when: dateTimeText(start.toISOString(), i18n.language) }),
      {
        details,
        action: { label: t('after_sales_ui.agenda.undo'), onClick: onUndo },
      },
    );
  }

  // A drag ends with the pointer's release, dropped or not: the responsible's day stops being highlighted.
  useEffect(() => {
    if (!dragging) return;
    const stop = () => setDragging(null);
    window.addEventListener('pointerup', stop);
    window.addEventListener('mouseup', stop);
    return () => {
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('mouseup', stop);
    };
  }, [dragging]);
  const dragDay = dragging
    ? availabilityOf(agendaRows(), dragging.resource.responsible?.id, dragging.start, dragging.end, dragging.id)
    : null;

  return (
    <Box>
      <PageHeader
        title={t('routes.warranties.agenda.title')}
        actions={
          <HStack gap="2" wrap="wrap">
            {/* The scheduling tool: the signed-in user's visits in their own calendar application. */}
            <Button asChild variant="ghost" size="sm" minH="44px">
              <RouterLink to="/config/mi-calendario">{t('after_sales_ui.agenda.subscribe_calendar')}</RouterLink>
            </Button>
            <ProjectScopeFilter {...scope.filterProps} />
            <MultiSelectFilter
              label={t('after_sales_ui.filters.responsible')}
              options={options.responsibles}
              value={responsibles}
              onChange={setResponsibles}
              loading={options.isLoading}
            />
            <MultiSelectFilter
              label={t('after_sales_ui.filters.kind')}
              value={kinds}
              onChange={setKinds}
              options={[
                { value: 'OI', label: t('after_sales_ui.agenda.kinds.OI') },
                { value: 'OT', label: t('after_sales_ui.agenda.kinds.OT') },
              ]}
            />
          </HStack>
        }
      />
      <Text role="status" aria-live="polite" textStyle="sm" color="fg.muted" minH="5" mb="1" data-testid="drag-hint">
        {dragging && dragDay
          ? dragging.resource.responsible
            ? t('after_sales_ui.agenda.dragging', {
                name: dragging.resource.responsible.full_name,
                count: dragDay.sameDay.length,
              })
            : t('after_sales_ui.agenda.dragging_unassigned')
          : ''}
      </Text>
      <Suspense fallback={<PageSpinner minH="50vh" />}>
        <AgendaCalendar
          events={events}
          view={view}
          date={date}
          onView={setView}
          onNavigate={setDate}
          onMove={onMove}
          onSelectSlot={(s) => {
            if (canManage) setSlot(s);
          }}
          onSelectEvent={(e, element) =>
            setPreview({
              visit: e.resource,
              anchor: (element ?? document.body).getBoundingClientRect(),
              returnFocus: element,
            })
          }
          onDragStart={(e) => {
            if (canManage) setDragging(e);
          }}
          highlight={dragging ? (dragging.resource.responsible?.id ?? null) : undefined}
        />
      </Suspense>
      <AgendaLegend events={agenda.data ?? []} />
      <VisitPreview target={preview} canManage={canManage} onClose={() => setPreview(null)} />
      <NewVisitDialog
        open={slot !== null}
        slot={slot}
        projectIds={projects}
        responsibleId={responsibles.length === 1 ? responsibles[0] : null}
        onClose={() => setSlot(null)}
      />
    </Box>
  );
}
