import { Box, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLACEMENT_STATES } from '#domain/concrete-placements';
import { DateField } from '../../../widgets/date-field.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { companies, elements, types } from '../api/config.ts';
import type { PlacementListPatch, PlacementListState } from './use-placement-list-state.ts';

const options = <R extends { id: number }>(rows: R[], label: (r: R) => string) =>
  rows.map((r) => ({ value: String(r.id), label: label(r) }));

/** The list's filters: state, element, concrete type and company (the configuration's catalogues), a date range. */
export function PlacementFilters({
  state,
  update,
}: {
  state: PlacementListState;
  update: (patch: PlacementListPatch) => void;
}) {
  const { t } = useTranslation();
  const f = (k: string) => t(`concrete.placements.filters.${k}`);
  const elementList = useQuery(elements.query()).data ?? [];
  const typeList = useQuery(types.query()).data ?? [];
  const companyList = useQuery(companies.query()).data ?? [];
  return (
    <HStack gap="2" wrap="wrap" align="end">
      <MultiSelectFilter
        label={f('state')}
        options={PLACEMENT_STATES.map((s) => ({ value: s, label: t(`machines.placement.states.${s}`) }))}
        value={state.state}
        onChange={(v) => update({ state: v })}
      />
      <MultiSelectFilter
        label={f('element')}
        options={options(elementList, (e) => e.name)}
        value={state.element}
        onChange={(v) => update({ element: v })}
      />
      <MultiSelectFilter
        label={f('type')}
        options={options(typeList, (e) => e.designation)}
        value={state.concrete_type}
        onChange={(v) => update({ concrete_type: v })}
      />
      <MultiSelectFilter
        label={f('company')}
        options={options(companyList, (e) => e.name)}
        value={state.concrete_company}
        onChange={(v) => update({ concrete_company: v })}
      />
      <Box w={{ base: 'full', sm: '170px' }}>
        <DateField label={f('from')} value={state.from} onChange={(from) => update({ from })} testId="filter-from" />
      </Box>
      <Box w={{ base: 'full', sm: '170px' }}>
        <DateField label={f('to')} value={state.to} onChange={(to) => update({ to })} testId="filter-to" />
      </Box>
    </HStack>
  );
}
