import { useEffect, useState } from 'react';
import { Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CM_FILTERABLE_FIELD_TYPES, CM_PRIORITIES, CM_TICKET_STATES } from '#domain/cmanagement';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import { CM_CUSTOM_FILTERS_MAX, type CmCustomFilter } from '#domain/schemas/cmanagement';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { useDebouncedCallback } from '../../../widgets/use-debounced-callback.ts';
import { peopleQuery } from '../api/people.ts';
import { ticketCategoriesQuery, ticketFieldsQuery } from '../api/tickets.ts';
import { ticketStateName } from '../components/ticket-state.tsx';
import type { TicketListPatch, TicketListState } from './use-ticket-list-state.ts';

const isFilterable = (f: CmCustomFieldRow) =>
  f.active && (CM_FILTERABLE_FIELD_TYPES as readonly string[]).includes(f.type);

/** Words, a number or a day: typed, so the list asks once the typing pauses (docs/product.md §9 750 ms). */
function TypedFilterInput({
  field,
  value,
  onChange,
}: {
  field: CmCustomFieldRow;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const later = useDebouncedCallback(onChange, 750);
  return (
    <Input
      size="sm"
      type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (field.type === 'text') later(e.target.value);
        else onChange(e.target.value);
      }}
      onKeyDown={(e) => (e.key === 'Enter' ? later.flush() : undefined)}
      data-testid={`cf-filter-${field.id}`}
    />
  );
}

/** The value input of one custom field filter, by the field's type (domain/schemas/cmanagement.ts `cf`). */
function CustomFilterInput({
  field,
  value,
  onChange,
  people,
}: {
  field: CmCustomFieldRow;
  value: string;
  onChange: (value: string) => void;
  people: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const choices =
    field.type === 'select' || field.type === 'multi_select'
      ? field.options.map((o) => ({ value: o.id, label: o.name }))
      : field.type === 'checkbox'
        ? [
            { value: 'true', label: t('cmanagement_ui.filters.yes') },
            { value: 'false', label: t('cmanagement_ui.filters.no') },
          ]
        : field.type === 'user'
          ? people
          : null;
  return (
    <Field.Root w={{ base: 'full', md: '200px' }}>
      <Field.Label textStyle="xs">{field.name}</Field.Label>
      {choices ? (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            data-testid={`cf-filter-${field.id}`}
          >
            <option value="">{t('cmanagement_ui.filters.any')}</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <TypedFilterInput field={field} value={value} onChange={onChange} />
      )}
    </Field.Root>
  );
}

/**
 * The list's filters (docs/api.md, Cmanagement: GET tickets): state, priority, category, assignee, project, due
 * range and, with one category chosen, its filterable custom fields.
 */
export function TicketFilters({ state, update }: { state: TicketListState; update: (p: TicketListPatch) => void }) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const categories = useQuery(ticketCategoriesQuery());
  // The people of the first project filtered, else of the project chosen in the top bar.
  const sessionProject = useSession((s) => s.projectId);
  const peopleProject = state.project.length ? Number(state.project[0]) : sessionProject;
  const people = useQuery({ ...peopleQuery(peopleProject), enabled: peopleProject !== null });
  const category = state.category.length === 1 ? Number(state.category[0]) : null;
  const fields = useQuery({ ...ticketFieldsQuery(category ?? 0), enabled: category !== null });
  const personOptions = (people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name }));
  const label = (k: string) => t(`cmanagement_ui.filters.${k}`);
  const valueOf = (fieldId: number) => state.cf.find((f) => f.fieldId === fieldId)?.value ?? '';
  const setCustom = (fieldId: number, value: string) => {
    const others = state.cf.filter((f) => f.fieldId !== fieldId);
    const next: CmCustomFilter[] = value.trim() ? [...others, { fieldId, value: value.trim() }] : others;
    update({ cf: next.slice(0, CM_CUSTOM_FILTERS_MAX) });
  };
  const filterable = (fields.data ?? []).filter(isFilterable);
  return (
    <Stack gap="3" w="full">
      <HStack gap="2" wrap="wrap">
        <MultiSelectFilter
          label={label('state')}
          options={CM_TICKET_STATES.map((s) => ({ value: s, label: ticketStateName(t, s) }))}
          value={state.state}
          onChange={(v) => update({ state: v })}
        />
        <MultiSelectFilter
          label={label('priority')}
          options={CM_PRIORITIES.map((p) => ({ value: p, label: t(`cmanagement_ui.priorities.${p}`) }))}
          value={state.priority}
          onChange={(v) => update({ priority: v })}
        />
        <MultiSelectFilter
          label={label('category')}
          options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={state.category}
          loading={categories.isPending}
          onChange={(v) => update({ category: v, cf: [] })}
        />
        <MultiSelectFilter
          label={label('assignee')}
          options={personOptions}
          value={state.assignee}
          loading={people.isPending}
          onChange={(v) => update({ assignee: v })}
        />
        <MultiSelectFilter
          label={label('project')}
          options={(user?.proyectos ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={state.project}
          onChange={(v) => update({ project: v })}
        />
      </HStack>
      <HStack gap="2" wrap="wrap" align="end">
        <Field.Root w={{ base: 'full', md: '170px' }}>
          <Field.Label textStyle="xs">{label('due_from')}</Field.Label>
          <Input
            size="sm"
            type="date"
            value={state.due_from}
            max={state.due_to || undefined}
            onChange={(e) => update({ due_from: e.target.value })}
            data-testid="filter-due-from"
          />
        </Field.Root>
        <Field.Root w={{ base: 'full', md: '170px' }}>
          <Field.Label textStyle="xs">{label('due_to')}</Field.Label>
          <Input
            size="sm"
            type="date"
            value={state.due_to}
            min={state.due_from || undefined}
            onChange={(e) => update({ due_to: e.target.value })}
            data-testid="filter-due-to"
          />
        </Field.Root>
        {filterable.map((field) => (
          <CustomFilterInput
            key={field.id}
            field={field}
            value={valueOf(field.id)}
            people={personOptions}
            onChange={(v) => setCustom(field.id, v)}
          />
        ))}
      </HStack>
    </Stack>
  );
}
