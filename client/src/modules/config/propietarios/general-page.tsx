import { useEffect, useState } from 'react';
import { Button, Card, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { generalConfigSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { generalQuery, useSaveGeneral } from './config-api.ts';
import { GeneralFields, toForm, toInput, type GeneralForm } from './general-form.tsx';
import { hasChanges, notifyNoChanges } from './no-changes.ts';
import { useConfigProject } from './use-config-project.ts';

/** docs/product.md §2 config propietarios general: one project's delivery and after-sales configuration. */
export function GeneralConfigPage() {
  const { projectId } = useConfigProject();
  return projectId ? <GeneralEditor key={projectId} projectId={projectId} /> : null;
}

function GeneralEditor({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { country } = useConfigProject();
  const query = useQuery(generalQuery(projectId));
  const [form, setForm] = useState<GeneralForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (query.data) setForm(toForm(query.data));
  }, [query.data]);
  const save = useSaveGeneral(projectId);
  if (!form || !query.data) return <PageSpinner minH="30vh" />;
  const submit = () => {
    if (!hasChanges(toInput(toForm(query.data)), toInput(form))) {
      notifyNoChanges(t('common.no_changes'));
      return;
    }
    const checked = validate(generalConfigSchema, toInput(form), t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(toInput(form), {
      onSuccess: () => showSuccessToast(t('deliveries_ui.messages.saved')),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="5">
          <GeneralFields value={form} onChange={setForm} errors={errors} country={country} withReceptionDate />
          <Button
            alignSelf="flex-end"
            colorPalette="brand"
            loading={save.isPending}
            onClick={submit}
            data-testid="cfg-save"
          >
            {t('deliveries_ui.actions.save')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
