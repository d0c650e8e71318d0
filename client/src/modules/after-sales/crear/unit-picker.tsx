import { useState } from 'react';
import { Box, Field, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { UnitOption } from '#domain/tickets-responses';
import { FILTER_LIST_DEBOUNCE_MS } from '#domain/limits';
import { SearchInput } from '../../../widgets/search-input.tsx';
import { matchesTerm } from '../../../widgets/text-match.ts';

/** Rows listed at once; a search narrows a large project down. */
const SHOWN_MAX = 50;

type Props = {
  units: UnitOption[];
  value: string;
  onChange: (unitId: string) => void;
  disabled?: boolean;
  error?: string;
};

/** What a unit is found by: its number, its tower and the names of its owners and receivers. */
export const unitSearchText = (u: UnitOption) =>
  [u.number, u.tower?.name, ...u.owners.map((o) => `${o.name} ${o.last_name}`)].filter(Boolean).join(' ');

/** solicitud/crear's unit: searched by number, tower or owner name, then chosen from the matches. */
export function UnitPicker({ units, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const matches = units.filter((u) => matchesTerm(unitSearchText(u), search));
  const chosen = units.find((u) => String(u.id) === value);
  // The chosen unit stays listed whatever the search, so the choice is always visible.
  const shown = [...(chosen && !matches.includes(chosen) ? [chosen] : []), ...matches].slice(0, SHOWN_MAX);
  const unitLabel = (u: UnitOption) =>
    [u.tower?.name, t('after_sales_ui.unit_label', { number: u.number })].filter(Boolean).join(' · ');
  return (
    <Field.Root required invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {t('after_sales_ui.form.unit')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Stack gap="2" w="full">
        <SearchInput
          value={search}
          onChange={setSearch}
          delay={FILTER_LIST_DEBOUNCE_MS}
          size="sm"
          label={t('after_sales_ui.form.unit_search')}
          placeholder={t('after_sales_ui.form.unit_search')}
          data-testid="unit-search"
        />
        <RadioGroup.Root value={value || null} onValueChange={(d) => d.value && onChange(d.value)} disabled={disabled}>
          <Box maxH="48" overflowY="auto" borderWidth="1px" borderRadius="md" px="2" py="1">
            {shown.length ? (
              <Stack gap="1">
                {shown.map((u) => (
                  <RadioGroup.Item key={u.id} value={String(u.id)} data-testid="unit-option">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      <b>{unitLabel(u)}</b>
                      {u.owners.length ? (
                        <Text as="span" color="fg.muted">
                          {' '}
                          · {u.owners.map((o) => `${o.name} ${o.last_name}`).join(', ')}
                        </Text>
                      ) : null}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            ) : (
              <Text color="fg.muted" textStyle="sm" py="1">
                {t('after_sales_ui.form.unit_no_match')}
              </Text>
            )}
          </Box>
        </RadioGroup.Root>
        {matches.length > SHOWN_MAX ? (
          <Text color="fg.muted" textStyle="xs">
            {t('after_sales_ui.form.unit_refine', { count: SHOWN_MAX })}
          </Text>
        ) : null}
      </Stack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
