import { useTranslation } from 'react-i18next';
import { TICKET_ORIGINS, TICKET_PRIORITIES, TICKET_STATES } from '#domain/schemas/warranties';
import { DateFilter } from '../../../widgets/date-filter.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { SortSelector } from '../../../widgets/sort-selector.tsx';
import type { ListState, useTicketListState } from './use-ticket-filters.ts';
import { SORT_FIELDS } from './use-ticket-filters.ts';
import { useFilterOptions } from './use-filter-options.ts';

type Update = ReturnType<typeof useTicketListState>['update'];

/** docs/product.md §2 solicitudes filters: state, priority, origin, responsible, project, tower, unit, date presets; and the sort. */
export function TicketFilters({ state, update }: { state: ListState; update: Update }) {
  const { t } = useTranslation();
  const options = useFilterOptions(state.project, state.tower);
  const labelled = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  return (
    <>
      <MultiSelectFilter label={t('warranties_ui.filters.state')} options={labelled('warranties.states', TICKET_STATES)}
        value={state.state} onChange={(v) => update({ state: v })} />
      <MultiSelectFilter label={t('warranties_ui.filters.priority')} options={labelled('warranties.priorities', TICKET_PRIORITIES)}
        value={state.priority} onChange={(v) => update({ priority: v })} />
      <MultiSelectFilter label={t('warranties_ui.filters.origin')} options={labelled('warranties.origins', TICKET_ORIGINS)}
        value={state.origin} onChange={(v) => update({ origin: v })} />
      <MultiSelectFilter label={t('warranties_ui.filters.responsible')} options={options.responsibles} loading={options.isLoading}
        value={state.responsible} onChange={(v) => update({ responsible: v })} />
      <MultiSelectFilter label={t('warranties_ui.filters.project')} options={options.projects}
        value={state.project} onChange={(v) => update({ project: v, tower: [], unit: [] })} />
      <MultiSelectFilter label={t('warranties_ui.filters.tower')} options={options.towers} loading={options.isLoading}
        value={state.tower} onChange={(v) => update({ tower: v, unit: [] })} />
      <MultiSelectFilter label={t('warranties_ui.filters.unit')} options={options.units} loading={options.isLoading}
        value={state.unit} onChange={(v) => update({ unit: v })} />
      <DateFilter value={state.date} onChange={(date) => update({ date })} />
      <SortSelector label={t('warranties_ui.filters.sort')} allowNone
        fields={SORT_FIELDS.map((id) => ({ id, name: t(`warranties_ui.columns.${id}`) }))}
        value={{ sortBy: state.sort.sortBy ?? null, descending: state.sort.descending }} onChange={(sort) => update({ sort: { sortBy: (sort.sortBy as ListState['sort']['sortBy']) ?? null, descending: sort.descending } })} />
    </>
  );
}
