import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import type { FilterOption } from '../../../widgets/multi-select-filter.tsx';
import { responsiblesQuery, towersQuery, unitsQuery } from '../api/pickers-api.ts';

// Pickers for "every project" ask for at most this many projects' towers, units and people.
const MAX_PICKER_PROJECTS = 10;

const dedupe = (options: FilterOption[]) => [...new Map(options.map((o) => [o.value, o])).values()];

/** Options of the project, responsible, tower and unit filters, for the projects the list is narrowed to. */
export function useFilterOptions(selectedProjects: string[], selectedTowers: string[]) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const projects = useMemo(() => user?.proyectos ?? [], [user]);
  const scope = selectedProjects.length
    ? selectedProjects.map(Number)
    : projects
        .filter((p) => !p.is_closed)
        .slice(0, MAX_PICKER_PROJECTS)
        .map((p) => p.id);
  const many = scope.length > 1;
  const nameOf = (id: number) => projects.find((p) => p.id === id)?.name ?? '';

  const towers = useQueries({ queries: scope.map((id) => towersQuery(id)) });
  const units = useQueries({ queries: scope.map((id) => unitsQuery(id)) });
  const people = useQueries({ queries: scope.map((id) => responsiblesQuery(id)) });

  return {
    projects: projects.map((p) => ({ value: String(p.id), label: p.name })),
    towers: dedupe(
      towers.flatMap((q, i) =>
        (q.data ?? []).map((tw) => ({
          value: String(tw.id),
          label: many ? `${tw.name} · ${nameOf(scope[i])}` : tw.name,
        })),
      ),
    ),
    units: dedupe(
      units.flatMap((q, i) =>
        (q.data ?? [])
          .filter((u) => !selectedTowers.length || (u.tower && selectedTowers.includes(String(u.tower.id))))
          .map((u) => ({
            value: String(u.id),
            label: [u.tower?.name, t('after_sales_ui.unit_label', { number: u.number }), many ? nameOf(scope[i]) : null]
              .filter(Boolean)
              .join(' · '),
          })),
      ),
    ),
    responsibles: dedupe(
      people.flatMap((q) => (q.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name }))),
    ),
    isLoading: [...towers, ...units, ...people].some((q) => q.isLoading),
  };
}
