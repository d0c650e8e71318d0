import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CM_TEXT_MAX } from '#domain/cmanagement';
import type { CmTaskTemplateRow } from '#domain/cmanagement-responses';
import { cmTaskTemplateSchema } from '#domain/schemas/cmanagement';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { TextField } from '../../../widgets/form-fields.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { useCreateTemplate, useUpdateTemplate } from '../api/config.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';

const T = 'cmanagement_ui.config.templates';

/** What the dialog edits: a template, or a new one at the top level or under a parent. */
export type TemplateEdit = { template: CmTaskTemplateRow } | { parent: CmTaskTemplateRow | null } | null;

const integer = { precision: 0, fixed: false } as const;

export function TemplateDialog({
  categoryId,
  edit,
  onClose,
}: {
  categoryId: number;
  edit: TemplateEdit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = edit && 'template' in edit ? edit.template : null;
  const parent = edit && 'parent' in edit ? edit.parent : null;
  const [name, setName] = useState('');
  const [offset, setOffset] = useState<number | null>(0);
  const [duration, setDuration] = useState<number | null>(1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shownFor, setShownFor] = useState<TemplateEdit>(null);
  const create = useCreateTemplate(categoryId);
  const update = useUpdateTemplate(categoryId);
  if (edit !== shownFor) {
    setShownFor(edit);
    setName(current?.name ?? '');
    // A subtemplate starts with its parent by default (the server keeps it inside the parent's days).
    setOffset(current?.start_offset_days ?? parent?.start_offset_days ?? 0);
    setDuration(current?.duration_days ?? 1);
    setErrors({});
  }
  const submit = () => {
    const checked = validate(
      cmTaskTemplateSchema,
      {
        name,
        parent_id: current ? current.parent_id : (parent?.id ?? null),
        start_offset_days: offset,
        duration_days: duration,
      },
      t,
    );
    if (!checked.ok) return setErrors(checked.errors);
    const done = {
      onSuccess: () => {
        showSuccessToast(t(current ? `${T}.saved` : `${T}.created`));
        onClose();
      },
      onError: (err: unknown) => setErrors(serverFieldErrors(err)),
    };
    if (current) {
      const { parent_id: _same, ...input } = checked.data;
      update.mutate({ id: current.id, input }, done);
    } else create.mutate(checked.data, done);
  };
  const title = current
    ? t(`${T}.edit_title`, { name: current.name })
    : parent
      ? t(`${T}.new_sub_title`, { name: parent.name })
      : t(`${T}.new`);
  return (
    <FormDialog
      open={edit !== null}
      title={title}
      submitLabel={t(current ? `${T}.save` : `${T}.create`)}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="template-dialog"
    >
      <TextField
        label={t(`${T}.name`)}
        required
        value={name}
        onChange={setName}
        maxLength={CM_TEXT_MAX}
        error={errors.name}
        testId="template-name"
      />
      <NumberInput
        label={t(`${T}.offset`)}
        helperText={t(`${T}.offset_hint`)}
        value={offset}
        onChange={setOffset}
        min={0}
        required
        invalid={Boolean(errors.start_offset_days)}
        errorText={errors.start_offset_days}
        {...integer}
      />
      <NumberInput
        label={t(`${T}.duration`)}
        value={duration}
        onChange={setDuration}
        min={1}
        required
        invalid={Boolean(errors.duration_days)}
        errorText={errors.duration_days}
        {...integer}
      />
    </FormDialog>
  );
}
