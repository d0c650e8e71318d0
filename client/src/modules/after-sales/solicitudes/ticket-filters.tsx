import { useTranslation } from 'react-i18next';
import { TICKET_ORIGINS, TICKET_PRIORITIES, TICKET_STATES } from '#domain/schemas/after-sales';
import { DateFilter } from '../../../widgets/date-filter.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { ProjectScopeFilter } from '../../../widgets/project-scope-filter.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { SortSelector } from '../../../widgets/sort-selector.tsx';
import type { ListState, useTicketListState } from './use-ticket-filters.ts';
import { SORT_FIELDS } from './use-ticket-filters.ts';
import { useFilterOptions } from './use-filter-options.ts';
import { SlaFilter } from './sla-filter.tsx';

type Update = ReturnType<typeof useTicketListState>['update'];

/** docs/product.md §2 solicitudes filters: state, priority, origin, responsible, project, tower, unit, date presets; and the sort. */
export function TicketFilters({
  state,
  update,
  scope,
}: {
  state: ListState;
  update: Update;
  /** The remembered "all my projects" choice (use-ticket-filters.ts). */
  scope?: { setAllProjects: (all: boolean) => void };
}) {
  const { t } = useTranslation();
  const topBar = useSession((s) => s.projectId);
  const options = useFilterOptions(state.project, state.tower);
  const labelled = (prefix: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  return (
    <>
      <MultiSelectFilter
        label={t('after_sales_ui.filters.state')}
        options={labelled('after_sales.states', TICKET_STATES)}
        value={state.state}
        onChange={(v) => update({ state: v })}
      />
      <MultiSelectFilter
        label={t('after_sales_ui.filters.priority')}
        options={labelled('after_sales.priorities', TICKET_PRIORITIES)}
        value={state.priority}
        onChange={(v) => update({ priority: v })}
      />
      <MultiSelectFilter
        label={t('after_sales_ui.filters.origin')}
        options={labelled('after_sales.origins', TICKET_ORIGINS)}
        value={state.origin}
        onChange={(v) => update({ origin: v })}
      />
      <MultiSelectFilter
        label={t('after_sales_ui.filters.responsible')}
        options={options.responsibles}
        loading={options.isLoading}
        value={state.responsible}
        onChange={(v) => update({ responsible: v })}
      />
      <ProjectScopeFilter
        value={state.project}
        all={state.project.length === 0}
        onChange={(v) => {
          scope?.setAllProjects(false);
          update({ project: v, tower: [], unit: [] });
        }}
        onAllChange={(all) => {
          // Remembered per user; off goes back to the top bar's project.
          scope?.setAllProjects(all);
          update({ project: all ? [] : topBar ? [String(topBar)] : [], tower: [], unit: [] });
        }}
      />
      <MultiSelectFilter
        label={t('after_sales_ui.filters.tower')}
        options={options.towers}
        loading={options.isLoading}
        value={state.tower}
        onChange={(v) => update({ tower: v, unit: [] })}
      />
      <MultiSelectFilter
        label={t('after_sales_ui.filters.unit')}
        options={options.units}
        loading={options.isLoading}
        value={state.unit}
        onChange={(v) => update({ unit: v })}
      />
      <DateFilter value={state.date} onChange={(date) => update({ date })} />
      <SlaFilter value={state.sla} onChange={(sla) => update({ sla })} />
      <SortSelector
        label={t('after_sales_ui.filters.sort')}
        allowNone
        fields={SORT_FIELDS.map((id) => ({ id, name: t(`after_sales_ui.columns.${id}`) }))}
        value={{ sortBy: state.sort.sortBy ?? null, descending: state.sort.descending }}
        onChange={(sort) =>
          update({
            sort: { sortBy: (sort.sortBy as ListState['sort']['sortBy']) ?? null, descending: sort.descending },
          })
        }
      />
    </>
  );
}
