import { useState } from 'react';
import { Grid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CONTRACTOR_MAX,
  RECEPTION_CODE_MAX,
  RECEPTION_LOCATION_MAX,
  RECEPTION_NAME_MAX,
  WORK_PACKAGE_MAX,
} from '#domain/verifications';
import { receptionCreateSchema, type ReceptionUpdateInput } from '#domain/schemas/verifications';
import type { ReceptionRow } from '#domain/verifications-responses';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { SelectField, TextField } from '../../../widgets/form-fields.tsx';
import { useCreateReception, useUpdateReception } from '../api/reception-mutations.ts';
import { templatesQuery } from '../api/templates.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';

const T = 'verifications_ui.reception_form';

type Field = 'code' | 'name' | 'work_package' | 'location' | 'contractor' | 'planned_start' | 'planned_end';
/** The form as typed: every field a string ('' for none), the template by its id. */
type Draft = Record<Field | 'template_id', string>;

const draftOf = (row: ReceptionRow | null): Draft => ({
  code: row?.code ?? '',
  name: row?.name ?? '',
  work_package: row?.work_package ?? '',
  location: row?.location ?? '',
  contractor: row?.contractor ?? '',
  planned_start: row?.planned_start ?? '',
  planned_end: row?.planned_end ?? '',
  template_id: row?.template ? String(row.template.id) : '',
});

/**
 * A reception of the program written by hand (POST verificaciones/recepciones), or a programmed one edited (PATCH,
 * only what changed): code, name, work package, location, contractor, planned dates and the template its inspection
 * will copy (the active ones; the one it already names stays offered). Checked with the create schema first; the
 * server's 422 (the code taken, the dates out of order) lands on its field.
 */
export function ReceptionDialog({
  projectId,
  reception,
  onClose,
}: {
  projectId: number;
  reception: ReceptionRow | 'new';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const stored = reception === 'new' ? null : reception;
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored));
  const [errors, setErrors] = useState<FieldErrors>({});
  const templates = useQuery(templatesQuery());
  const create = useCreateReception();
  const update = useUpdateReception();
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const options = (templates.data ?? [])
    .filter((tpl) => tpl.active || tpl.id === stored?.template?.id)
    .map((tpl) => ({
      value: String(tpl.id),
      label: t(`${T}.template_option`, { name: tpl.name, work_package: tpl.work_package }),
    }));
  // Picking the work package first proposes its template, while none is chosen.
  const onWorkPackage = (value: string) => {
    const match = (templates.data ?? []).find(
      (tpl) => tpl.active && tpl.work_package.toLowerCase() === value.trim().toLowerCase(),
    );
    setDraft((d) => ({ ...d, work_package: value, template_id: d.template_id || (match ? String(match.id) : '') }));
  };

  const callbacks = writeCallbacks(t, setErrors, onClose, stored ? `${T}.saved` : `${T}.created`);
  const submit = () => {
    const checked = validate(
      receptionCreateSchema,
      { ...draft, project_id: projectId, template_id: draft.template_id ? Number(draft.template_id) : null },
      t,
    );
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    if (!stored) return create.mutate(checked.data, callbacks);
    const before = validate(
      receptionCreateSchema,
      { ...draftOf(stored), project_id: projectId, template_id: stored.template?.id ?? null },
      t,
    );
    const prev: Record<string, unknown> = before.ok ? before.data : {};
    const { project_id: _project, ...next } = checked.data;
    const changes = Object.fromEntries(
      Object.entries(next).filter(([k, v]) => (v ?? null) !== (prev[k] ?? null)),
    ) as ReceptionUpdateInput;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: stored.id, input: changes }, callbacks);
  };

  return (
    <FormDialog
      open
      title={stored ? t(`${T}.edit_title`, { code: stored.code }) : t(`${T}.new_title`)}
      submitLabel={t(stored ? `${T}.save` : `${T}.create`)}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="reception-dialog"
    >
      <Grid templateColumns={{ base: '1fr', sm: '1fr 2fr' }} gap="4">
        <TextField
          label={t(`${T}.code`)}
          required
          value={draft.code}
          onChange={set('code')}
          maxLength={RECEPTION_CODE_MAX}
          error={errors.code}
          testId="reception-code"
        />
        <TextField
          label={t(`${T}.name`)}
          required
          value={draft.name}
          onChange={set('name')}
          maxLength={RECEPTION_NAME_MAX}
          error={errors.name}
          testId="reception-name"
        />
      </Grid>
      <TextField
        label={t(`${T}.work_package`)}
        value={draft.work_package}
        onChange={onWorkPackage}
        maxLength={WORK_PACKAGE_MAX}
        error={errors.work_package}
        testId="reception-work-package"
      />
      <SelectField
        label={t(`${T}.template`)}
        helper={t(`${T}.template_help`)}
        value={draft.template_id}
        onChange={set('template_id')}
        options={options}
        placeholder={t(`${T}.no_template`)}
        error={errors.template_id}
        testId="reception-template"
      />
      <TextField
        label={t(`${T}.location`)}
        value={draft.location}
        onChange={set('location')}
        maxLength={RECEPTION_LOCATION_MAX}
        error={errors.location}
        testId="reception-location"
      />
      <TextField
        label={t(`${T}.contractor`)}
        value={draft.contractor}
        onChange={set('contractor')}
        maxLength={CONTRACTOR_MAX}
        error={errors.contractor}
        testId="reception-contractor"
      />
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        <DateField
          label={t(`${T}.planned_start`)}
          value={draft.planned_start}
          onChange={set('planned_start')}
          error={errors.planned_start}
          testId="reception-start"
        />
        <DateField
          label={t(`${T}.planned_end`)}
          value={draft.planned_end}
          onChange={set('planned_end')}
          error={errors.planned_end}
          testId="reception-end"
        />
      </Grid>
    </FormDialog>
  );
}
