import { useEffect, useState } from 'react';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BULK_SELECTION_MAX } from '#domain/limits';
import { globalConfigSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { UnitTypesSection } from '../catalogue/index.ts';
import { globalQuery, useSaveGlobal } from './config-api.ts';
import { GeneralFields, toForm, toInput, type GeneralForm } from './general-form.tsx';
import { hasChanges, notifyNoChanges } from './no-changes.ts';
import { useConfigProject } from './use-config-project.ts';

/**
 * docs/product.md §2 config propietarios global (default): what is the company's rather than one project's —
 * the unit-type catalogue, and general values written to several projects at once (≤ 50).
 */
export function GlobalConfigPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <UnitTypesSection />
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t('deliveries_ui.config.global_title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('deliveries_ui.config.global_help')}
        </Text>
        <GlobalValues />
      </Stack>
    </Stack>
  );
}

function GlobalValues() {
  const { t } = useTranslation();
  const { projects, projectId, country } = useConfigProject();
  const [chosen, setChosen] = useState<string[]>(projectId ? [String(projectId)] : []);
  const ids = chosen.map(Number);
  const query = useQuery(globalQuery(ids));
  const [form, setForm] = useState<GeneralForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (query.data) setForm(toForm(query.data.values));
  }, [query.data]);
  const save = useSaveGlobal();
  const submit = () => {
    if (!form || !query.data) return;
    const { municipal_reception_date: _omit, ...edited } = toInput(form);
    const { municipal_reception_date: _omit2, ...saved } = toInput(toForm(query.data.values));
    // Only fields the user changed travel, so a field that differs between projects is left alone.
    const changed = Object.fromEntries(
      Object.entries(edited).filter(([k, v]) => hasChanges((saved as Record<string, unknown>)[k], v)),
    );
    if (!Object.keys(changed).length) {
      notifyNoChanges(t('common.no_changes'));
      return;
    }
    const input = { ...changed, project_ids: ids };
    const checked = validate(globalConfigSchema, input, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: (r) => showSuccessToast(t('deliveries_ui.config.global_saved', { count: r.updated })),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <MultiSelectFilter
            label={t('deliveries_ui.config.projects')}
            value={chosen}
            onChange={setChosen}
            max={BULK_SELECTION_MAX}
            options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
          />
          {ids.length && form ? (
            <>
              <GeneralFields
                value={form}
                onChange={setForm}
                errors={errors}
                country={country}
                withReceptionDate={false}
                mixed={query.data?.mixed}
              />
              <Button
                alignSelf="flex-end"
                colorPalette="brand"
                loading={save.isPending}
                onClick={submit}
                data-testid="cfg-global-save"
              >
                {t('deliveries_ui.actions.save')}
              </Button>
            </>
          ) : (
            <Text color="fg.muted">{t('deliveries_ui.config.pick_projects')}</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
