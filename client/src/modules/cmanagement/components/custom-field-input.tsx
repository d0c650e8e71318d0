import { Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CM_FIELD_LONG_TEXT_MAX, CM_FIELD_TEXT_MAX, CM_FIELD_VALUES_MAX, type CmFieldValue } from '#domain/cmanagement';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { UserSelect, type UserOption } from '../../../widgets/user-select.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';

/** These inputs carry their field's name themselves. */
const OWN_LABEL = new Set(['checkbox', 'user', 'multi_select']);

/** A field's answer while it is edited: the stored shape, but a file field holds the uploader's items. */
export type FieldDraft = CmFieldValue | UploadedFileItem[] | null;
export type FieldDrafts = Record<string, FieldDraft>;

const isFileItems = (v: FieldDraft): v is UploadedFileItem[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && 'path' in x);

/** The drafts → the answers the API stores (domain/schemas/cmanagement.ts cmCustomValuesSchema): empty is null. */
export function toCustomValues(fields: readonly CmCustomFieldRow[], drafts: FieldDrafts) {
  const out: Record<string, CmFieldValue | null> = {};
  for (const field of fields) {
    const key = String(field.id);
    if (!(key in drafts)) continue;
    const v = drafts[key];
    if (field.type === 'file') {
      const paths = isFileItems(v) ? v.map((f) => f.path) : [];
      out[key] = paths.length === 0 ? null : field.multiple ? paths : paths[0];
    } else out[key] = v === '' || (Array.isArray(v) && v.length === 0) ? null : (v as CmFieldValue | null);
  }
  return out;
}

/** A stored answer → its draft; a file answer becomes the uploader's items from the ticket's `field_files`. */
export function toFieldDraft(
  field: CmCustomFieldRow,
  value: CmFieldValue | undefined,
  files: readonly { path: string; name: string; size: number; type: string }[],
): FieldDraft {
  if (value === undefined) return null;
  if (field.type !== 'file') return value;
  const paths = Array.isArray(value) ? value.map(String) : [String(value)];
  return paths.map((path) => {
    const f = files.find((x) => x.path === path);
    const name = f?.name ?? path.split('/').pop() ?? path;
    return { path, name, filename: name, size: f?.size ?? 0, type: f?.type ?? '', lastModified: 0 };
  });
}

/**
 * One custom field of a ticket's category, by its type (docs/product.md §3 Custom field): its label with the
 * required mark, its description as help, and the server's or the schema's error under it.
 */
export function CustomFieldInput({
  field,
  value,
  onChange,
  error,
  people,
  disabled,
}: {
  field: CmCustomFieldRow;
  value: FieldDraft;
  onChange: (value: FieldDraft) => void;
  error?: string;
  people: UserOption[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const common = {
    label: field.name,
    required: field.required,
    error,
    disabled,
    helper: field.description ?? undefined,
    testId: `custom-field-${field.id}`,
  };
  const options = field.options
    .filter((o) => !o.disabled || o.id === value || (Array.isArray(value) && (value as unknown[]).includes(o.id)))
    .map((o) => ({ value: o.id, label: o.name }));
  switch (field.type) {
    case 'text':
      return (
        <TextField
          {...common}
          value={typeof value === 'string' ? value : ''}
          maxLength={CM_FIELD_TEXT_MAX}
          onChange={onChange}
        />
      );
    case 'long_text':
      return (
        <TextAreaField
          {...common}
          value={typeof value === 'string' ? value : ''}
          maxLength={CM_FIELD_LONG_TEXT_MAX}
          onChange={onChange}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          value={typeof value === 'string' ? value : ''}
          placeholder={t('cmanagement_ui.form.choose')}
          options={options}
          onChange={(v) => onChange(v || null)}
        />
      );
    case 'number':
    case 'date':
    case 'multi_select':
    case 'checkbox':
    case 'user':
    case 'file':
      return (
        <Field.Root invalid={Boolean(error)} required={field.required} disabled={disabled} data-testid={common.testId}>
          {OWN_LABEL.has(field.type) ? null : (
            <Field.Label>
              {field.name}
              {field.required ? <Field.RequiredIndicator /> : null}
            </Field.Label>
          )}
          <TypedInput
            field={field}
            value={value}
            onChange={onChange}
            people={people}
            options={options}
            disabled={disabled}
            invalid={Boolean(error)}
          />
          {field.description ? <Field.HelperText>{field.description}</Field.HelperText> : null}
          {error ? <Field.ErrorText data-testid={`custom-field-error-${field.id}`}>{error}</Field.ErrorText> : null}
        </Field.Root>
      );
  }
}

function TypedInput({
  field,
  value,
  onChange,
  people,
  options,
  disabled,
  invalid,
}: {
  field: CmCustomFieldRow;
  value: FieldDraft;
  onChange: (value: FieldDraft) => void;
  people: UserOption[];
  options: { value: string; label: string }[];
  disabled?: boolean;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  switch (field.type) {
    case 'number':
      return (
        <NumberInput
          aria-label={field.name}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          allowNegative
          disabled={disabled}
          invalid={invalid}
        />
      );
    case 'date':
      return (
        <Input
          type="date"
          aria-label={field.name}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || null)}
        />
      );
    case 'multi_select':
      return (
        <MultiSelectFilter
          label={field.name}
          options={options}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(v)}
          disabled={disabled}
        />
      );
    case 'checkbox':
      return (
        <Checkbox.Root
          checked={value === true}
          onCheckedChange={(d) => onChange(d.checked === true)}
          disabled={disabled}
          invalid={invalid}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {field.name}
            {field.required ? (
              <Text as="span" color="fg.error" aria-hidden="true">
                {' *'}
              </Text>
            ) : null}
          </Checkbox.Label>
        </Checkbox.Root>
      );
    case 'user':
      return field.multiple ? (
        <UserSelect
          label={field.name}
          multiple
          clearable
          required={field.required}
          options={people}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => onChange(v.map(Number))}
          disabled={disabled}
          invalid={invalid}
        />
      ) : (
        <UserSelect
          label={field.name}
          clearable
          required={field.required}
          options={people}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(v) => onChange(v ? Number(v) : null)}
          disabled={disabled}
          invalid={invalid}
        />
      );
    case 'file':
      return (
        <Stack>
          <FileUploader
            context="general"
            label={t('cmanagement_ui.form.attach')}
            maxFiles={field.multiple ? CM_FIELD_VALUES_MAX : 1}
            value={isFileItems(value) ? value : []}
            onChange={(items) => onChange(items)}
            disabled={disabled}
          />
        </Stack>
      );
    default:
      return null;
  }
}
