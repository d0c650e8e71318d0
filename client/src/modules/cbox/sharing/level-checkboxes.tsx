import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CBOX_LEVELS, normalizeLevels, type CboxLevel } from '#domain/cbox';

/**
 * The sharing levels as checkboxes (docs/product.md §6): can-download always on and fixed, and only the levels the
 * caller holds may be given (`grantable`); the others stay disabled and say why.
 */
export function LevelCheckboxes({
  legend,
  value,
  grantable,
  onChange,
  disabled,
  explain,
  testId,
}: {
  legend: string;
  value: readonly CboxLevel[];
  grantable: readonly CboxLevel[];
  onChange: (levels: CboxLevel[]) => void;
  disabled?: boolean;
  /** The one-line explanation of each level under it (the add form); rows show the labels alone. */
  explain?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const toggle = (level: CboxLevel, on: boolean) =>
    onChange(normalizeLevels(on ? [...value, level] : value.filter((l) => l !== level)));
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <Stack gap={explain ? '3' : '1'} direction={explain ? 'column' : { base: 'column', sm: 'row' }}>
        {CBOX_LEVELS.map((level) => {
          const fixed = level === 'can-download';
          const held = fixed || grantable.includes(level);
          return (
            <Checkbox.Root
              key={level}
              checked={fixed || value.includes(level)}
              disabled={disabled || fixed || !held}
              onCheckedChange={(d) => toggle(level, d.checked === true)}
              alignItems="flex-start"
              data-testid={`${testId}-${level}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Stack gap="0">
                <Checkbox.Label>{t(`cbox_ui.levels.${level}.label`)}</Checkbox.Label>
                {explain ? (
                  <Text textStyle="xs" color="fg.muted">
                    {held ? t(`cbox_ui.levels.${level}.help`) : t('cbox_ui.sharing.not_held')}
                  </Text>
                ) : null}
              </Stack>
            </Checkbox.Root>
          );
        })}
      </Stack>
    </Fieldset.Root>
  );
}
