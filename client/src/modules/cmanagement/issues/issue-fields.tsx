import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CM_DESCRIPTION_MAX, CM_TEXT_MAX } from '#domain/cmanagement';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import type { FieldErrors } from '../../../shared/forms.ts';
import { TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { asUserOptions, peopleQuery } from '../api/people.ts';

const T = 'cmanagement_ui.issues';

/** What the issue forms edit (the create dialog and the issue page). */
export type IssueDraft = { title: string; description: string; assignee: string | null; due_date: string };
export const issueDraftOf = (issue: CmIssueRow | null): IssueDraft => ({
  title: issue?.title ?? '',
  description: issue?.description ?? '',
  assignee: issue?.assignee ? String(issue.assignee.id) : null,
  due_date: issue?.due_date ?? '',
});
/** The draft as the API reads it (domain/schemas/cmanagement.ts cmIssueCreateSchema / cmIssueUpdateSchema). */
export const issueBodyOf = (d: IssueDraft) => ({
  title: d.title,
  description: d.description,
  assignee_id: d.assignee ? Number(d.assignee) : null,
  due_date: d.due_date || null,
});

type Props = {
  projectId: number | null;
  draft: IssueDraft;
  onChange: (patch: Partial<IssueDraft>) => void;
  errors: FieldErrors;
  disabled?: boolean;
};

/** Title, description, assignee (the people of the ticket's project) and due date, each with its error. */
export function IssueFields({ projectId, draft, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  const people = useQuery(peopleQuery(projectId));
  return (
    <Stack gap="4">
      <TextField
        label={t(`${T}.title_label`)}
        required
        disabled={disabled}
        value={draft.title}
        onChange={(title) => onChange({ title })}
        maxLength={CM_TEXT_MAX}
        error={errors.title}
        testId="issue-title"
      />
      <TextAreaField
        label={t(`${T}.description`)}
        disabled={disabled}
        value={draft.description}
        onChange={(description) => onChange({ description })}
        maxLength={CM_DESCRIPTION_MAX}
        rows={3}
        error={errors.description}
        testId="issue-description"
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        <Stack flex="1" gap="1">
          <UserSelect
            label={t(`${T}.assignee`)}
            options={asUserOptions(people.data ?? [])}
            value={draft.assignee}
            onChange={(assignee) => onChange({ assignee })}
            placeholder={t(`${T}.unassigned`)}
            clearable
            disabled={disabled}
            invalid={Boolean(errors.assignee_id)}
          />
          {errors.assignee_id ? (
            <Text textStyle="sm" color="fg.error">
              {errors.assignee_id}
            </Text>
          ) : null}
        </Stack>
        <Field.Root flex="1" invalid={Boolean(errors.due_date)} disabled={disabled}>
          <Field.Label>{t(`${T}.due_date`)}</Field.Label>
          <Input
            type="date"
            value={draft.due_date}
            onChange={(e) => onChange({ due_date: e.target.value })}
            data-testid="issue-due-date"
          />
          {errors.due_date ? <Field.ErrorText>{errors.due_date}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>
    </Stack>
  );
}
