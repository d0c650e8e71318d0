import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { DateFilter } from '../../../widgets/date-filter.tsx';
import { DATE_FILTER_ALL, dateFilterQuery, type DateFilterValue } from '../../../widgets/date-range.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';

const VIEWS = [
  { to: '/warranties/dashboard/solicitudes', key: 'routes.warranties.dashboard.solicitudes.title', id: 'solicitudes' },
  { to: '/warranties/dashboard/eficiencia', key: 'routes.warranties.dashboard.eficiencia.title', id: 'eficiencia' },
] as const;

/**
 * The two views of the after-sales panel (docs/product.md §2 dashboard: solicitudes, eficiencia). The area's
 * other screens, statistics included, are in the area's sub-navigation above (modules/warranties/warranties-layout.tsx).
 * Each view is a link styled as a button (not a button inside a link: one tab stop each).
 */
export function DashboardNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <HStack
      as="nav"
      aria-label={t('routes.warranties.dashboard.title')}
      gap="1"
      mb="4"
      overflowX="auto"
      data-testid="dashboard-nav"
    >
      {VIEWS.map((v) => {
        const active = pathname === v.to || pathname.startsWith(`${v.to}/`);
        return (
          <Button
            key={v.to}
            asChild
            size="sm"
            flexShrink={0}
            variant={active ? 'subtle' : 'ghost'}
            colorPalette={active ? 'brand' : 'gray'}
          >
            <NavLink to={v.to} data-testid={`dashboard-nav-${v.id}`}>
              {t(v.key)}
            </NavLink>
          </Button>
        );
      })}
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
      <MultiSelectFilter
        label={t('after_sales_ui.filters.project')}
        value={filters.projects}
        onChange={filters.setProjects}
        options={(user?.proyectos ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
      />
      <DateFilter value={filters.date} onChange={filters.setDate} />
    </HStack>
  );
}
