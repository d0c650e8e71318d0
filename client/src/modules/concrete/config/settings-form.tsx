import { useState, type ReactNode } from 'react';
import { Button, Card, Fieldset, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONCRETE_SETTINGS_LIMITS, type ConcreteSettings } from '#domain/concrete';
import type { ConcreteSettingsResponse } from '#domain/concrete-responses';
import { concreteSettingsSchema } from '#domain/schemas/concrete';
import { isApiError, serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { formatNumber } from '../../../shared/format.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { settingsQuery, useSaveSettings } from '../api/config.ts';

const T = 'concrete.config.settings';

export type SettingKey = keyof ConcreteSettings;
/** The form's numbers: null while a field is empty. */
export type SettingValues = Record<SettingKey, number | null>;
export type SettingsGroup = { title: string; intro?: string; fields: readonly SettingKey[] };

const KEYS = Object.keys(CONCRETE_SETTINGS_LIMITS) as SettingKey[];
const valuesOf = (s: ConcreteSettingsResponse): SettingValues =>
  Object.fromEntries(KEYS.map((k) => [k, s[k]])) as SettingValues;

type Props = {
  testId: string;
  groups: readonly SettingsGroup[];
  canEdit: boolean;
  /** Below the form: what the numbers being edited mean (the rule's sentence, the calculator). */
  children?: (values: SettingValues, saved: ConcreteSettingsResponse, dirty: boolean) => ReactNode;
};

/**
 * Part of the company's concrete settings (hormigon/configuracion, domain/concrete.ts ConcreteSettings) as a form:
 * each number with its unit, its bounds (CONCRETE_SETTINGS_LIMITS) and a help text, typed with a decimal comma.
 * The save sends the whole settings (the fields of other tabs as saved) and is checked first with the shared
 * schema; the server's 422s land on their fields. Read-only without hormigon_editar.
 */
export function SettingsForm(props: Props) {
  const query = useQuery(settingsQuery());
  return (
    <QueryState query={query} minH="160px">
      {(saved) => <SettingsFormBody key={saved.updated_at ?? 'defaults'} saved={saved} {...props} />}
    </QueryState>
  );
}

function SettingsFormBody({ testId, groups, canEdit, children, saved }: Props & { saved: ConcreteSettingsResponse }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<SettingValues>(() => valuesOf(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSettings();
  const dirty = KEYS.some((k) => values[k] !== saved[k]);

  const set = (key: SettingKey, value: number | null) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const submit = () => {
    const checked = validate(concreteSettingsSchema, values, t);
    if (!checked.ok) return setErrors(checked.errors);
    save.mutate(checked.data as ConcreteSettings, {
      onSuccess: () => showSuccessToast(t(`${T}.saved`)),
      onError: (err) => {
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length) setErrors(fields);
        else showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null);
      },
    });
  };

  return (
    <Stack gap="4">
      <Card.Root size="sm" data-testid={`${testId}-form`}>
        <Card.Body>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="6">
              {groups.map((group) => (
                <Fieldset.Root key={group.title} gap="3" minW="0">
                  <Fieldset.Legend fontWeight="semibold" textStyle="lg" color="fg">
                    {group.title}
                  </Fieldset.Legend>
                  {group.intro ? (
                    <Fieldset.HelperText mt="0.5" textStyle="sm">
                      {group.intro}
                    </Fieldset.HelperText>
                  ) : null}
                  <Fieldset.Content asChild>
                    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
                      {group.fields.map((key) => (
                        <SettingField
                          key={key}
                          field={key}
                          value={values[key]}
                          onChange={(v) => set(key, v)}
                          error={errors[key]}
                          readOnly={!canEdit}
                        />
                      ))}
                    </Grid>
                  </Fieldset.Content>
                </Fieldset.Root>
              ))}
              <Flex
                gap="3"
                align={{ base: 'stretch', sm: 'center' }}
                direction={{ base: 'column', sm: 'row' }}
                justify="space-between"
              >
                <Text textStyle="sm" color="fg.muted" data-testid={`${testId}-saved-at`}>
                  {saved.updated_at
                    ? t(`${T}.saved_at`, { date: dateTimeText(saved.updated_at, i18n.language) })
                    : t(`${T}.defaults`)}
                </Text>
                {canEdit ? (
                  <Button
                    type="submit"
                    colorPalette="brand"
                    minH="44px"
                    loading={save.isPending}
                    disabled={!dirty}
                    data-testid={`${testId}-save`}
                  >
                    {t(`${T}.save`)}
                  </Button>
                ) : null}
              </Flex>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      {children?.(values, saved, dirty)}
    </Stack>
  );
}

/** One setting: "<label> (<unit>)", typed with a comma, clamped to its bounds, with its help and range. */
function SettingField({
  field,
  value,
  onChange,
  error,
  readOnly,
}: {
  field: SettingKey;
  value: number | null;
  onChange: (v: number | null) => void;
  error?: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { min, max, decimals } = CONCRETE_SETTINGS_LIMITS[field];
  const unit = t(`${T}.fields.${field}.unit`);
  const range = t(`${T}.range`, {
    min: formatNumber(min, { precision: decimals }),
    max: formatNumber(max, { precision: decimals }),
    unit,
  });
  return (
    <div data-testid={`setting-${field}`}>
      <NumberInput
        label={t(`${T}.fields.${field}.label`, { unit })}
        value={value}
        onChange={onChange}
        precision={decimals}
        fixed={false}
        min={min}
        max={max}
        required
        readOnly={readOnly}
        invalid={Boolean(error)}
        errorText={error}
        helperText={`${t(`${T}.fields.${field}.help`)} ${range}`}
      />
    </div>
  );
}
