import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Grid, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CM_ATTACHMENTS_MAX,
  CM_DESCRIPTION_MAX,
  CM_MANAGE,
  CM_PRIORITIES,
  CM_TEXT_MAX,
  type CmPriority,
} from '#domain/cmanagement';
import type { CmCustomFieldRow, CmTicketDetail } from '#domain/cmanagement-responses';
import { cmTicketUpdateSchema } from '#domain/schemas/cmanagement';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { asUserOptions, peopleQuery } from '../api/people.ts';
import { ticketCategoriesQuery, ticketFieldsQuery, useUpdateTicket } from '../api/tickets.ts';
import { toFieldDraft, type FieldDrafts } from '../components/custom-field-input.tsx';
import { CustomFieldsForm } from '../components/custom-fields-form.tsx';
import { DateField } from '../../../widgets/date-field.tsx';
import { checkCustomValues } from '../components/ticket-form-values.ts';
import { CommentsSection } from './comments-section.tsx';
import { useCmTicket, useCmTicketId } from './use-cm-ticket.ts';

type Draft = {
  category: string;
  title: string;
  description: string;
  priority: CmPriority;
  start_date: string;
  due_date: string;
  assignees: string[];
  watchers: string[];
  attachments: UploadedFileItem[];
  fields: FieldDrafts;
};

const asItems = (files: CmTicketDetail['attachments']): UploadedFileItem[] =>
  files.map((f) => ({ ...f, filename: f.name, lastModified: 0 }));

function draftOf(ticket: CmTicketDetail, fields: readonly CmCustomFieldRow[]): Draft {
  return {
    category: String(ticket.category.id),
    title: ticket.title,
    description: ticket.description ?? '',
    priority: ticket.priority,
    start_date: ticket.start_date ?? '',
    due_date: ticket.due_date ?? '',
    assignees: ticket.assignees.map((p) => String(p.id)),
    watchers: ticket.watchers.map((p) => String(p.id)),
    attachments: asItems(ticket.attachments),
    fields: Object.fromEntries(
      fields.map((f) => [String(f.id), toFieldDraft(f, ticket.custom_values[String(f.id)], ticket.field_files)]),
    ),
  };
}

function GeneralForm({ ticket, fields }: { ticket: CmTicketDetail; fields: readonly CmCustomFieldRow[] }) {
  const { t } = useTranslation();
  const canManage = useCan(CM_MANAGE);
  const [draft, setDraft] = useState(() => draftOf(ticket, fields));
  const [errors, setErrors] = useState<FieldErrors>({});
  // A change by someone else (live) resets the form while this user has not touched it.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setDraft(draftOf(ticket, fields));
  }, [ticket, fields, touched]);
  const set = (patch: Partial<Draft>) => {
    setTouched(true);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const categories = useQuery(ticketCategoriesQuery());
  const categoryId = Number(draft.category);
  const sameCategory = categoryId === ticket.category.id;
  const otherFields = useQuery({ ...ticketFieldsQuery(categoryId), enabled: !sameCategory });
  const shownFields = sameCategory ? fields : (otherFields.data ?? []);
  const people = useQuery(peopleQuery(ticket.project.id));
  const options = asUserOptions(people.data ?? []);
  const update = useUpdateTicket(ticket.id);
  const label = (k: string) => t(`cmanagement_ui.form.${k}`);
  const readOnly = !canManage;

  function save() {
    const base = validate(
      cmTicketUpdateSchema,
      {
        category_id: categoryId,
        title: draft.title,
        description: draft.description || null,
        priority: draft.priority,
        start_date: draft.start_date || null,
        due_date: draft.due_date || null,
        assignee_ids: draft.assignees.map(Number),
        watcher_ids: draft.watchers.map(Number),
        attachments: draft.attachments.map((f) => ({ path: f.path, name: f.name, size: f.size, type: f.type ?? '' })),
      },
      t,
    );
    // Within its category only the answers changed travel (an old unanswered required field does not block an edit).
    const initial = draftOf(ticket, fields).fields;
    const changed = sameCategory
      ? Object.fromEntries(
          Object.entries(draft.fields).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(initial[k])),
        )
      : draft.fields;
    const custom = checkCustomValues(shownFields, changed, t, {
      complete: !sameCategory,
      previous: sameCategory ? ticket.custom_values : undefined,
    });
    if (!base.ok || !custom.ok)
      return setErrors({ ...(base.ok ? {} : base.errors), ...(custom.ok ? {} : custom.errors) });
    setErrors({});
    update.mutate(
      { ...base.data, custom_values: custom.values },
      {
        onSuccess: (saved) => {
          setTouched(false);
          showSuccessToast(t('cmanagement_ui.form.saved', { code: saved.code }));
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      data-testid="ticket-general-form"
    >
      <Card.Root>
        <Card.Body gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              label={label('category')}
              required
              disabled={readOnly}
              value={draft.category}
              error={errors.category_id}
              options={(categories.data ?? [])
                .filter((c) => c.enabled || c.id === ticket.category.id)
                .map((c) => ({ value: String(c.id), label: c.name }))}
              onChange={(v) =>
                set({ category: v, fields: v === String(ticket.category.id) ? draftOf(ticket, fields).fields : {} })
              }
            />
            <SelectField
              label={label('priority')}
              required
              disabled={readOnly}
              value={draft.priority}
              error={errors.priority}
              options={CM_PRIORITIES.map((p) => ({ value: p, label: t(`cmanagement_ui.priorities.${p}`) }))}
              onChange={(v) => set({ priority: v as CmPriority })}
            />
          </SimpleGrid>
          <TextField
            label={label('title')}
            required
            disabled={readOnly}
            value={draft.title}
            maxLength={CM_TEXT_MAX}
            error={errors.title}
            testId="field-title"
            onChange={(title) => set({ title })}
          />
          <TextAreaField
            label={label('description')}
            disabled={readOnly}
            value={draft.description}
            maxLength={CM_DESCRIPTION_MAX}
            error={errors.description}
            onChange={(description) => set({ description })}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <DateField
              label={label('start_date')}
              disabled={readOnly}
              value={draft.start_date}
              error={errors.start_date}
              onChange={(start_date) => set({ start_date })}
            />
            <DateField
              label={label('due_date')}
              disabled={readOnly}
              value={draft.due_date}
              error={errors.due_date}
              onChange={(due_date) => set({ due_date })}
            />
            <UserSelect
              label={label('assignees')}
              multiple
              clearable
              disabled={readOnly}
              options={options}
              value={draft.assignees}
              invalid={Boolean(errors.assignee_ids)}
              onChange={(assignees) => set({ assignees })}
            />
            <UserSelect
              label={label('watchers')}
              multiple
              clearable
              disabled={readOnly}
              options={options}
              value={draft.watchers}
              invalid={Boolean(errors.watcher_ids)}
              onChange={(watchers) => set({ watchers })}
            />
          </SimpleGrid>
          <CustomFieldsForm
            fields={shownFields}
            drafts={draft.fields}
            errors={errors}
            people={options}
            disabled={readOnly}
            onChange={(f) => set({ fields: f })}
          />
          <FileUploader
            context="general"
            label={label('attachments')}
            maxFiles={CM_ATTACHMENTS_MAX}
            disabled={readOnly}
            value={draft.attachments}
            onChange={(attachments) => set({ attachments })}
          />
          {errors.attachments ? (
            <Text color="fg.error" textStyle="sm">
              {errors.attachments}
            </Text>
          ) : null}
          {canManage ? (
            <HStack justify="flex-end" gap="2">
              <Button
                variant="outline"
                disabled={!touched}
                onClick={() => {
                  setTouched(false);
                  setErrors({});
                  setDraft(draftOf(ticket, fields));
                }}
              >
                {label('discard')}
              </Button>
              <Button
                type="submit"
                colorPalette="brand"
                loading={update.isPending}
                disabled={!touched}
                data-testid="ticket-save"
              >
                {label('save')}
              </Button>
            </HStack>
          ) : null}
        </Card.Body>
      </Card.Root>
    </form>
  );
}

/** /cmanagement/tickets/{ticketId}/general: every field of the ticket, editable, and its comments. */
export function TicketGeneralPage() {
  const { t } = useTranslation();
  const id = useCmTicketId();
  const ticket = useCmTicket(id);
  const categoryId = ticket.data?.category.id ?? 0;
  const fields = useQuery({ ...ticketFieldsQuery(categoryId), enabled: categoryId > 0 });
  const people = useQuery({ ...peopleQuery(ticket.data?.project.id ?? null), enabled: Boolean(ticket.data) });
  const stableFields = useMemo(() => fields.data ?? [], [fields.data]);
  if (ticket.isPending || fields.isPending) return <PageSpinner minH="30vh" />;
  if (ticket.isError || fields.isError)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('common.error_default')}</Alert.Title>
      </Alert.Root>
    );
  return (
    <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="4" pt="3">
      <GeneralForm ticket={ticket.data} fields={stableFields} />
      <Stack>
        <CommentsSection ticketId={id} people={people.data ?? []} />
      </Stack>
    </Grid>
  );
}
