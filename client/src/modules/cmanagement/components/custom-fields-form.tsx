import { Box, SimpleGrid } from '@chakra-ui/react';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import type { FieldErrors } from '../../../shared/forms.ts';
import type { UserOption } from '../../../widgets/user-select.tsx';
import { CustomFieldInput, type FieldDrafts } from './custom-field-input.tsx';

/** The active custom fields of a category, in their order, each with its `custom_values.<id>` error. */
export function CustomFieldsForm({
  fields,
  drafts,
  onChange,
  errors,
  people,
  disabled,
}: {
  fields: readonly CmCustomFieldRow[];
  drafts: FieldDrafts;
  onChange: (drafts: FieldDrafts) => void;
  errors: FieldErrors;
  people: UserOption[];
  disabled?: boolean;
}) {
  const active = fields.filter((f) => f.active).sort((a, b) => a.position - b.position);
  if (active.length === 0) return null;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="custom-fields">
      {active.map((field) => (
        <Box key={field.id} data-testid={`custom-field-box-${field.id}`} minW="0">
          <CustomFieldInput
            field={field}
            value={drafts[String(field.id)] ?? null}
            onChange={(v) => onChange({ ...drafts, [String(field.id)]: v })}
            error={errors[`custom_values.${field.id}`]}
            people={people}
            disabled={disabled}
          />
        </Box>
      ))}
    </SimpleGrid>
  );
}
