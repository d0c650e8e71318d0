import { useState } from 'react';
import { Button, Dialog, HStack, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CM_ATTACHMENTS_MAX,
  CM_DESCRIPTION_MAX,
  CM_PRIORITIES,
  CM_TEXT_MAX,
  type CmPriority,
} from '#domain/cmanagement';
import { cmTicketCreateSchema } from '#domain/schemas/cmanagement';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { asUserOptions, peopleQuery } from '../api/people.ts';
import { ticketCategoriesQuery, ticketFieldsQuery, useCreateTicket } from '../api/tickets.ts';
import type { FieldDrafts } from '../components/custom-field-input.tsx';
import { CustomFieldsForm } from '../components/custom-fields-form.tsx';
import { DateField } from '../../../widgets/date-field.tsx';
import { checkCustomValues } from '../components/ticket-form-values.ts';

type Draft = {
  project: string;
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

const toAttachments = (items: UploadedFileItem[]) =>
  items.map((f) => ({ path: f.path, name: f.name, size: f.size, type: f.type ?? '' }));

/** New ticket (docs/product.md §1 Cmanagement): its project, an enabled category and that category's fields. */
export function CreateTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useAuthUser();
  const sessionProject = useSession((s) => s.projectId);
  const [draft, setDraft] = useState<Draft>(() => ({
    project: sessionProject ? String(sessionProject) : '',
    category: '',
    title: '',
    description: '',
    priority: 'media',
    start_date: '',
    due_date: '',
    assignees: [],
    watchers: [],
    attachments: [],
    fields: {},
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const categories = useQuery(ticketCategoriesQuery());
  const categoryId = Number(draft.category) || null;
  const fields = useQuery({ ...ticketFieldsQuery(categoryId ?? 0), enabled: categoryId !== null });
  const projectId = Number(draft.project) || null;
  const people = useQuery({ ...peopleQuery(projectId), enabled: projectId !== null });
  const options = asUserOptions(people.data ?? []);
  const create = useCreateTicket();
  const label = (k: string) => t(`cmanagement_ui.form.${k}`);

  function submit() {
    const base = validate(
      cmTicketCreateSchema,
      {
        project_id: projectId ?? undefined,
        category_id: categoryId ?? undefined,
        title: draft.title,
        description: draft.description || null,
        priority: draft.priority,
        start_date: draft.start_date || null,
        due_date: draft.due_date || null,
        assignee_ids: draft.assignees.map(Number),
        watcher_ids: draft.watchers.map(Number),
        attachments: toAttachments(draft.attachments),
      },
      t,
    );
    const custom = checkCustomValues(fields.data ?? [], draft.fields, t, { complete: true });
    if (!base.ok || !custom.ok)
      return setErrors({ ...(base.ok ? {} : base.errors), ...(custom.ok ? {} : custom.errors) });
    setErrors({});
    create.mutate(
      { ...base.data, custom_values: custom.values },
      {
        onSuccess: (ticket) => {
          showSuccessToast(t('cmanagement_ui.form.created', { code: ticket.code }));
          onClose();
          navigate(`/cmanagement/tickets/${ticket.id}`);
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? undefined : onClose())}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="create-ticket-dialog">
            <Dialog.Header>
              <Dialog.Title>{label('new_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id="cm-create-ticket"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  submit();
                }}
              >
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <SelectField
                      label={label('project')}
                      required
                      value={draft.project}
                      placeholder={label('choose')}
                      error={errors.project_id}
                      testId="field-project"
                      options={(user?.proyectos ?? [])
                        .filter((p) => !p.is_closed && !p.is_blocked)
                        .map((p) => ({ value: String(p.id), label: p.name }))}
                      onChange={(v) => set({ project: v, assignees: [], watchers: [] })}
                    />
                    <SelectField
                      label={label('category')}
                      required
                      value={draft.category}
                      placeholder={label('choose')}
                      error={errors.category_id}
                      testId="field-category"
                      options={(categories.data ?? [])
                        .filter((c) => c.enabled)
                        .map((c) => ({ value: String(c.id), label: c.name }))}
                      onChange={(v) => set({ category: v, fields: {} })}
                    />
                  </SimpleGrid>
                  <TextField
                    label={label('title')}
                    required
                    value={draft.title}
                    maxLength={CM_TEXT_MAX}
                    error={errors.title}
                    testId="field-title"
                    onChange={(title) => set({ title })}
                  />
                  <TextAreaField
                    label={label('description')}
                    value={draft.description}
                    maxLength={CM_DESCRIPTION_MAX}
                    error={errors.description}
                    onChange={(description) => set({ description })}
                  />
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                    <SelectField
                      label={label('priority')}
                      required
                      value={draft.priority}
                      error={errors.priority}
                      options={CM_PRIORITIES.map((p) => ({ value: p, label: t(`cmanagement_ui.priorities.${p}`) }))}
                      onChange={(v) => set({ priority: v as CmPriority })}
                    />
                    <DateField
                      label={label('start_date')}
                      value={draft.start_date}
                      error={errors.start_date}
                      onChange={(start_date) => set({ start_date })}
                    />
                    <DateField
                      label={label('due_date')}
                      value={draft.due_date}
                      error={errors.due_date}
                      onChange={(due_date) => set({ due_date })}
                    />
                  </SimpleGrid>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <UserSelect
                      label={label('assignees')}
                      multiple
                      clearable
                      disabled={!projectId}
                      options={options}
                      value={draft.assignees}
                      invalid={Boolean(errors.assignee_ids)}
                      onChange={(assignees) => set({ assignees })}
                    />
                    <UserSelect
                      label={label('watchers')}
                      multiple
                      clearable
                      disabled={!projectId}
                      options={options}
                      value={draft.watchers}
                      invalid={Boolean(errors.watcher_ids)}
                      onChange={(watchers) => set({ watchers })}
                    />
                  </SimpleGrid>
                  {categoryId ? (
                    <CustomFieldsForm
                      fields={fields.data ?? []}
                      drafts={draft.fields}
                      errors={errors}
                      people={options}
                      onChange={(f) => set({ fields: f })}
                    />
                  ) : null}
                  <FileUploader
                    context="general"
                    label={label('attachments')}
                    maxFiles={CM_ATTACHMENTS_MAX}
                    value={draft.attachments}
                    onChange={(attachments) => set({ attachments })}
                  />
                  {errors.attachments ? (
                    <Text color="fg.error" textStyle="sm">
                      {errors.attachments}
                    </Text>
                  ) : null}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2">
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  form="cm-create-ticket"
                  colorPalette="brand"
                  loading={create.isPending}
                  data-testid="create-ticket-submit"
                >
                  {label('create')}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
