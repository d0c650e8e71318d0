import { Field, HStack, Input } from '@chakra-ui/react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FICHA_STATES } from '#domain/schemas/deliveries';
import { isRangeOrdered } from '../../../widgets/date-range.ts';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { responsiblesQuery, towersQuery } from '../../after-sales/index.ts';
import { unitTypesQuery } from '../api/ficha-api.ts';

/** docs/product.md §2 fichas filters: tower, floor, type, state, responsible, scheduled and delivered dates. */
export type FichaFilterState = {
  search: string;
  tower: string[];
  floor: string;
  type: string[];
  state: string[];
  responsible: string[];
  scheduled_from: string;
  scheduled_to: string;
  delivered_from: string;
  delivered_to: string;
};
export const EMPTY_FILTERS: FichaFilterState = {
  search: '',
  tower: [],
  floor: '',
  type: [],
  state: [],
  responsible: [],
  scheduled_from: '',
  scheduled_to: '',
  delivered_from: '',
  delivered_to: '',
};

const nums = (v: string[]) => (v.length ? v.map(Number) : undefined);
/** A date range's ends for the query; one that ends before it starts is left out (the API answers 422) and shown as an error. */
const range = (from: string, to: string) =>
  isRangeOrdered(from, to) ? [from || undefined, to || undefined] : [undefined, undefined];
/** The filter state → the API's query (arrays travel as comma lists; empty values are left out). */
export function toQuery(f: FichaFilterState) {
  const [scheduledFrom, scheduledTo] = range(f.scheduled_from, f.scheduled_to);
  const [deliveredFrom, deliveredTo] = range(f.delivered_from, f.delivered_to);
  return {
    search: f.search || undefined,
    tower_id: nums(f.tower),
    unit_type_id: nums(f.type),
    responsible_id: nums(f.responsible),
    state: f.state.length ? (f.state as (typeof FICHA_STATES)[number][]) : undefined,
    floor: f.floor.trim() !== '' && Number.isInteger(Number(f.floor)) ? [Number(f.floor)] : undefined,
    scheduled_from: scheduledFrom,
    scheduled_to: scheduledTo,
    delivered_from: deliveredFrom,
    delivered_to: deliveredTo,
  };
}
export const activeFilters = (f: FichaFilterState) => Object.values(toQuery(f)).filter((v) => v !== undefined).length;

function DateRange({
  label,
  from,
  to,
  onChange,
  testId,
}: {
  label: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Field.Root width="auto" invalid={!isRangeOrdered(from, to)}>
      <Field.Label textStyle="xs">{label}</Field.Label>
      <HStack gap="1">
        <Input
          size="sm"
          type="date"
          value={from}
          max={to || undefined}
          aria-label={`${label} · ${t('deliveries_ui.filters.from')}`}
          data-testid={`${testId}-from`}
          onChange={(e) => onChange(e.target.value, to)}
        />
        <Input
          size="sm"
          type="date"
          value={to}
          min={from || undefined}
          aria-label={`${label} · ${t('deliveries_ui.filters.to')}`}
          data-testid={`${testId}-to`}
          onChange={(e) => onChange(from, e.target.value)}
        />
      </HStack>
      <Field.ErrorText>{t('widgets.date_filter.range_invalid')}</Field.ErrorText>
    </Field.Root>
  );
}

/** Pickers over "all my projects" ask for at most this many projects' towers and people. */
const MAX_PICKER_PROJECTS = 10;
const dedupe = (options: { value: string; label: string }[]) => [...new Map(options.map((o) => [o.value, o])).values()];

export function FichasFilters({
  projectIds,
  projectName,
  value,
  onChange,
  children,
}: {
  /** The projects listed (their towers and responsibles are offered). */
  projectIds: number[];
  projectName: (id: number) => string;
  value: FichaFilterState;
  onChange: (v: FichaFilterState) => void;
  /** The project scope filter, first in the bar. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const scope = projectIds.slice(0, MAX_PICKER_PROJECTS);
  const many = scope.length > 1;
  const towerQueries = useQueries({ queries: scope.map((id) => towersQuery(id)) });
  const types = useQuery(unitTypesQuery());
  const peopleQueries = useQueries({ queries: scope.map((id) => responsiblesQuery(id)) });
  const towers = {
    data: towerQueries.flatMap((q, i) =>
      (q.data ?? []).map((x) => ({ id: x.id, name: many ? `${x.name} · ${projectName(scope[i])}` : x.name })),
    ),
    isPending: towerQueries.some((q) => q.isPending),
  };
  const responsibles = {
    data: dedupe(
      peopleQueries.flatMap((q) =>
        // A disabled or deleted person is no filter to offer (docs/product.md §4).
        (q.data ?? []).filter((x) => x.is_enabled !== false).map((x) => ({ value: String(x.id), label: x.full_name })),
      ),
    ),
    isPending: peopleQueries.some((q) => q.isPending),
  };
  const set = (patch: Partial<FichaFilterState>) => onChange({ ...value, ...patch });
  return (
    <FilterBar
      search={value.search}
      onSearchChange={(search) => set({ search })}
      searchPlaceholder={t('deliveries_ui.filters.search')}
      activeCount={activeFilters(value)}
      onClear={() => onChange(EMPTY_FILTERS)}
    >
      {children}
      <MultiSelectFilter
        label={t('deliveries_ui.columns.tower')}
        value={value.tower}
        onChange={(tower) => set({ tower })}
        options={(towers.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
        loading={towers.isPending}
      />
      <Input
        size="md"
        width="24"
        type="number"
        inputMode="numeric"
        value={value.floor}
        placeholder={t('deliveries_ui.columns.floor')}
        aria-label={t('deliveries_ui.columns.floor')}
        onChange={(e) => set({ floor: e.target.value })}
        data-testid="filter-floor"
      />
      <MultiSelectFilter
        label={t('deliveries_ui.columns.type')}
        value={value.type}
        onChange={(type) => set({ type })}
        options={(types.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
        loading={types.isPending}
      />
      <MultiSelectFilter
        label={t('deliveries_ui.columns.state')}
        value={value.state}
        onChange={(state) => set({ state })}
        options={FICHA_STATES.map((s) => ({ value: s, label: t(`machines.ficha.states.${s}`) }))}
      />
      <MultiSelectFilter
        label={t('deliveries_ui.columns.responsible')}
        value={value.responsible}
        onChange={(responsible) => set({ responsible })}
        options={responsibles.data}
        loading={responsibles.isPending}
      />
      <DateRange
        label={t('deliveries_ui.columns.scheduled')}
        from={value.scheduled_from}
        to={value.scheduled_to}
        testId="filter-scheduled"
        onChange={(scheduled_from, scheduled_to) => set({ scheduled_from, scheduled_to })}
      />
      <DateRange
        label={t('deliveries_ui.columns.delivered')}
        from={value.delivered_from}
        to={value.delivered_to}
        testId="filter-delivered"
        onChange={(delivered_from, delivered_to) => set({ delivered_from, delivered_to })}
      />
    </FilterBar>
  );
}
