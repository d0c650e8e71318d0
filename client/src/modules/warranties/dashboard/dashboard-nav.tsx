import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAuthUser } from '../../../app/session/auth-user.ts';
import { useSession } from '../../../app/session/session-store.ts';
import { DateFilter } from '../../../widgets/date-filter.tsx';
import { DATE_FILTER_ALL, dateFilterQuery, type DateFilterValue } from '../../../widgets/date-range.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';

const LINKS = [
  { to: '/warranties/dashboard/solicitudes', key: 'routes.warranties.dashboard.solicitudes.title' },
  { to: '/warranties/dashboard/eficiencia', key: 'routes.warranties.dashboard.eficiencia.title' },
  { to: '/warranties/estadisticas', key: 'routes.warranties.estadisticas.title' },
];

/** Links between the after-sales dashboards (SPEC §2 dashboard/solicitudes, dashboard/eficiencia, estadisticas). */
export function DashboardNav() {
  const { t } = useTranslation();
  return (
    <HStack gap="1" mb="4" overflowX="auto" data-testid="dashboard-nav">
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to}>
          {({ isActive }) => <Button size="sm" variant={isActive ? 'solid' : 'ghost'} colorPalette={isActive ? 'brand' : 'gray'}>{t(l.key)}</Button>}
        </NavLink>
      ))}
    </HStack>
  );
}

/** Project and date filters shared by the dashboards; projects default to the one picked in the top bar. */
export function useDashboardFilters() {
  const projectId = useSession((s) => s.projectId);
  const [projects, setProjects] = useState<string[] | null>(null);
  const [date, setDate] = useState<DateFilterValue>(DATE_FILTER_ALL);
  const chosen = projects ?? (projectId ? [String(projectId)] : []);
  const query = {
    project_id: chosen.length ? chosen.map(Number) : undefined,
    ...dateFilterQuery(date), // nothing while a custom range is incomplete or out of order
  };
  return { projects: chosen, setProjects, date, setDate, query };
}

export function DashboardFilters({ filters }: { filters: ReturnType<typeof useDashboardFilters> }) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  return (
    <HStack gap="2" wrap="wrap">
      <MultiSelectFilter label={t('warranties_ui.filters.project')} value={filters.projects} onChange={filters.setProjects}
        options={(user?.proyectos ?? []).map((p) => ({ value: String(p.id), label: p.name }))} />
      <DateFilter value={filters.date} onChange={filters.setDate} />
    </HStack>
  );
}
