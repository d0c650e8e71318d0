import { useEffect, useState } from 'react';
import { Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_DESCRIPTION_MAX } from '#domain/quality';
import type { ActivityRow } from '#domain/quality-responses';
import { activityCreateSchema } from '#domain/schemas/quality';
import { serverFieldErrors } from '../../../api/errors.ts';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useCreateActivity } from '../api/activities.ts';
import { issueMessages } from './activity-fields.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';

type Props = {
  projectId: number;
  /** The activity it goes under; null: a new root. */
  parent: ActivityRow | null;
  open: boolean;
  onClose: () => void;
};

const EMPTY = { description: '', code: '', estimated_start: '', estimated_end: '' };
type Form = typeof EMPTY;

/** POST calidad/actividades: one activity under the chosen parent (it goes last among its siblings). */
export function CreateActivityDialog({ projectId, parent, open, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateActivity(projectId);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) {
      setForm(EMPTY);
      setErrors({});
    }
  }, [open]);
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const label = (k: string) => t(`quality_ui.progress.fields.${k}`);

  function submit() {
    const body = {
      project_id: projectId,
      parent_id: parent?.id ?? null,
      description: form.description,
      code: form.code.trim() || undefined,
      estimated_start: form.estimated_start || null,
      estimated_end: form.estimated_end || null,
      // Left for later edits in the list; the request schema's input names them.
      progress: undefined,
      estimated_cost: undefined,
      actual_cost: undefined,
    };
    const checked = activityCreateSchema.safeParse(body);
    if (!checked.success) return setErrors(issueMessages(checked.error.issues, t));
    setErrors({});
    create.mutate(body, { onSuccess: onClose, onError: (err) => setErrors(serverFieldErrors(err)) });
  }

  const dateField = (key: 'estimated_start' | 'estimated_end') => (
    <Field.Root invalid={Boolean(errors[key])}>
      <Field.Label>{label(key)}</Field.Label>
      <Input type="date" value={form[key]} onChange={(e) => set(key)(e.target.value)} data-testid={`create-${key}`} />
      {errors[key] ? <Field.ErrorText>{errors[key]}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <FormDialog
      open={open}
      title={t(parent ? 'quality_ui.progress.create.title_child' : 'quality_ui.progress.create.title')}
      submitLabel={t('quality_ui.progress.create.submit')}
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="create-activity-dialog"
    >
      <Text textStyle="sm" color="fg.muted" data-testid="create-parent">
        {parent
          ? t('quality_ui.progress.under', { description: parent.description })
          : t('quality_ui.progress.under_root')}
      </Text>
      <TextField
        label={label('description')}
        required
        value={form.description}
        onChange={set('description')}
        maxLength={ACTIVITY_DESCRIPTION_MAX}
        error={errors.description}
        testId="create-description"
      />
      <TextField label={label('code')} value={form.code} onChange={set('code')} maxLength={40} error={errors.code} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {dateField('estimated_start')}
        {dateField('estimated_end')}
      </SimpleGrid>
      {errors._ || errors.parent_id ? (
        <Text color="fg.error" textStyle="sm" role="alert">
          {errors._ ?? errors.parent_id}
        </Text>
      ) : null}
    </FormDialog>
  );
}
