import { useState } from 'react';
import { Alert, Field, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  CM_ACTIVE_FIELDS_PER_CATEGORY_MAX,
  CM_FIELD_DESCRIPTION_MAX,
  CM_FIELD_NAME_MAX,
  CM_FIELD_OPTIONS_MAX,
  CM_FIELD_TYPES,
  CM_MULTIPLE_FIELD_TYPES,
  CM_OPTION_FIELD_TYPES,
  type CmFieldType,
} from '#domain/cmanagement';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import { cmCustomFieldSchema } from '#domain/schemas/cmanagement';
import { isApiError } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { OptionsListEditor, type EditableOption } from '../../../widgets/options-list-editor.tsx';
import { ToggleInput } from '../../../widgets/toggle-input.tsx';
import { useCreateField, useUpdateField } from '../api/config.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';

const T = 'cmanagement_ui.config.fields';
export const takesOptions = (type: CmFieldType) => (CM_OPTION_FIELD_TYPES as readonly string[]).includes(type);
export const canBeMultiple = (type: CmFieldType) => (CM_MULTIPLE_FIELD_TYPES as readonly string[]).includes(type);

type Draft = {
  type: CmFieldType | '';
  name: string;
  description: string;
  options: EditableOption[];
  multiple: boolean;
  required: boolean;
  active: boolean;
};
const draftOf = (field: CmCustomFieldRow | null): Draft =>
  field
    ? {
        type: field.type,
        name: field.name,
        description: field.description ?? '',
        options: field.options,
        multiple: field.multiple,
        required: field.required,
        active: field.active,
      }
    : { type: '', name: '', description: '', options: [], multiple: false, required: false, active: true };

/** The parts a type does not take are never sent: options only for select types, multiple only for user/file. */
function bodyOf(d: Draft) {
  const type = d.type || undefined;
  return {
    type,
    name: d.name,
    description: d.description,
    options: type && takesOptions(type) ? d.options.map((o) => ({ ...o, id: o.id == null ? null : String(o.id) })) : [],
    multiple: type && canBeMultiple(type) ? d.multiple : false,
    required: d.required,
    active: d.active,
  };
}

type Props = {
  categoryId: number;
  /** The field edited, `'new'` to create one, null while closed. */
  field: CmCustomFieldRow | 'new' | null;
  /** Active fields of the category now (the limit CM_ACTIVE_FIELDS_PER_CATEGORY_MAX counts them). */
  activeCount: number;
  onClose: () => void;
};

/**
 * Creates or edits a custom field (docs/product.md §3 Custom field, §5 options): its type is chosen once, options
 * come through the shared options-list editor, and the server's refusals land under the part they name.
 */
export function FieldDialog({ categoryId, field, activeCount, onClose }: Props) {
  const { t } = useTranslation();
  const editing = field !== null && field !== 'new' ? field : null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(field);
  const create = useCreateField(categoryId);
  const update = useUpdateField(categoryId);
  if (field !== shownFor) {
    setShownFor(field);
    setDraft(draftOf(editing));
    setErrors({});
    setRefusal(null);
  }
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // Turning this field active would pass the limit (a new active field, or an inactive one switched on).
  const wasActive = editing?.active ?? false;
  const overLimit = draft.active && !wasActive && activeCount >= CM_ACTIVE_FIELDS_PER_CATEGORY_MAX;

  const submit = () => {
    const body = bodyOf(draft);
    const checked = validate(cmCustomFieldSchema, body, t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setRefusal(null);
    const done = {
      onSuccess: () => {
        showSuccessToast(t(editing ? `${T}.saved` : `${T}.created`, { name: checked.data.name }));
        onClose();
      },
      onError: (err: unknown) => {
        const fields = isApiError(err) ? err.fields : {};
        setErrors(fields);
        // A refusal about no single part (the active-field limit, a conflict) is shown above the form.
        if (Object.keys(fields).length === 0) setRefusal(isApiError(err) ? err.message : t('validation.invalid'));
      },
    };
    if (editing) {
      const { type: _fixed, ...rest } = checked.data;
      update.mutate({ id: editing.id, input: rest }, done);
    } else create.mutate(checked.data, done);
  };

  const type = draft.type || null;
  return (
    <FormDialog
      open={field !== null}
      title={editing ? t(`${T}.edit_title`, { name: editing.name }) : t(`${T}.new`)}
      submitLabel={t(editing ? `${T}.save` : `${T}.create`)}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="field-dialog"
    >
      {refusal ? (
        <Alert.Root status="error" data-testid="field-refusal">
          <Alert.Indicator />
          <Alert.Description>{refusal}</Alert.Description>
        </Alert.Root>
      ) : null}
      <SelectField
        label={t(`${T}.type`)}
        required
        disabled={editing !== null}
        value={draft.type}
        onChange={(v) => set({ type: v as CmFieldType })}
        placeholder={t(`${T}.type_placeholder`)}
        options={CM_FIELD_TYPES.map((v) => ({ value: v, label: t(`cmanagement_ui.field_types.${v}`) }))}
        helper={editing ? t(`${T}.type_fixed`) : undefined}
        error={errors.type}
        testId="field-type"
      />
      <TextField
        label={t(`${T}.name`)}
        required
        value={draft.name}
        onChange={(name) => set({ name })}
        maxLength={CM_FIELD_NAME_MAX}
        error={errors.name}
        testId="field-name"
      />
      <TextAreaField
        label={t(`${T}.description`)}
        value={draft.description}
        onChange={(description) => set({ description })}
        maxLength={CM_FIELD_DESCRIPTION_MAX}
        rows={2}
        helper={t(`${T}.description_hint`)}
        error={errors.description}
        testId="field-description"
      />
      {type && takesOptions(type) ? (
        <Field.Root invalid={Boolean(errors.options)} data-testid="field-options">
          <Field.Label>{t(`${T}.options`)}</Field.Label>
          <Stack w="full">
            <OptionsListEditor
              value={draft.options}
              onChange={(options) => set({ options })}
              max={CM_FIELD_OPTIONS_MAX}
            />
          </Stack>
          {Object.entries(errors)
            .filter(([k]) => k === 'options' || k.startsWith('options.'))
            .map(([k, message]) => (
              <Field.ErrorText key={k}>{message}</Field.ErrorText>
            ))}
        </Field.Root>
      ) : null}
      {type && canBeMultiple(type) ? (
        <Stack gap="1" data-testid="field-multiple">
          <ToggleInput
            label={t(`${T}.multiple`)}
            description={t(`${T}.multiple_hint`)}
            checked={draft.multiple}
            onChange={(multiple) => set({ multiple })}
          />
          {errors.multiple ? (
            <Text textStyle="sm" color="fg.error">
              {errors.multiple}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <ToggleInput
        label={t(`${T}.required`)}
        description={t(`${T}.required_hint`)}
        checked={draft.required}
        onChange={(required) => set({ required })}
      />
      <Stack gap="1" data-testid="field-active">
        <ToggleInput
          label={t(`${T}.active`)}
          description={t(`${T}.active_hint`)}
          checked={draft.active}
          onChange={(active) => set({ active })}
        />
        {overLimit ? (
          <Text textStyle="sm" color="orange.fg" role="status" data-testid="field-limit">
            {t(`${T}.limit_reached`, { max: CM_ACTIVE_FIELDS_PER_CATEGORY_MAX })}
          </Text>
        ) : null}
        {errors.active ? (
          <Text textStyle="sm" color="fg.error">
            {errors.active}
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
