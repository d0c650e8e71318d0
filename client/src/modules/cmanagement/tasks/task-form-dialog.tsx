import { useState } from 'react';
import { Button, Dialog, Field, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CM_TEXT_MAX } from '#domain/cmanagement';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { cmTaskCreateSchema, cmTaskUpdateSchema } from '#domain/schemas/cmanagement';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { dayjs } from '../../../shared/dayjs.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { asUserOptions, peopleQuery } from '../api/people.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { useSaveTask } from '../api/tasks.ts';

/** What the dialog edits: a new task (under `parent` when a subtask) or an existing one. */
export type TaskFormTarget = { mode: 'create'; parent: CmTaskRow | null } | { mode: 'edit'; task: CmTaskRow };

type Props = { ticketId: number; projectId: number | null; target: TaskFormTarget; onClose: () => void };

type Draft = { name: string; start_date: string; end_date: string; progress: number | null; assignee: string | null };

function draftOf(target: TaskFormTarget): Draft {
  if (target.mode === 'edit') {
    const { task } = target;
    return {
      name: task.name,
      start_date: task.start_date,
      end_date: task.end_date,
      progress: task.progress,
      assignee: task.assignee ? String(task.assignee.id) : null,
    };
  }
  const today = dayjs().format('YYYY-MM-DD');
  return {
    name: '',
    start_date: target.parent?.start_date ?? today,
    end_date: target.parent?.end_date ?? today,
    progress: 0,
    assignee: null,
  };
}

/**
 * Create or edit a task (POST tickets/{id}/tareas, PATCH tareas/{id}), resolved with the same schemas the server
 * uses (domain/schemas/cmanagement.ts); the server's per-field refusals (a subtask outside its parent's dates) land
 * under their fields.
 */
export function TaskFormDialog({ ticketId, projectId, target, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(target));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveTask(ticketId);
  const people = useQuery(peopleQuery(projectId));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const parent = target.mode === 'create' ? target.parent : null;
  const title =
    target.mode === 'edit'
      ? t('cmanagement_ui.tasks.form.edit_title')
      : parent
        ? t('cmanagement_ui.tasks.form.subtask_title', { parent: parent.name })
        : t('cmanagement_ui.tasks.form.create_title');

  const submit = () => {
    const body = {
      name: draft.name,
      start_date: draft.start_date,
      end_date: draft.end_date,
      progress: draft.progress ?? 0,
      assignee_id: draft.assignee ? Number(draft.assignee) : null,
      ...(target.mode === 'create' ? { parent_id: parent?.id ?? null } : {}),
    };
    const checked =
      target.mode === 'create' ? validate(cmTaskCreateSchema, body, t) : validate(cmTaskUpdateSchema, body, t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(
      { taskId: target.mode === 'edit' ? target.task.id : null, body: checked.data },
      { onSuccess: onClose, onError: (e) => setErrors(serverFieldErrors(e)) },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cm-task-form" lang={i18n.language}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    label={t('cmanagement_ui.tasks.form.name')}
                    value={draft.name}
                    onChange={(v) => set('name', v)}
                    error={errors.name}
                    required
                    maxLength={CM_TEXT_MAX}
                    testId="cm-task-name"
                  />
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <DateField
                      label={t('cmanagement_ui.tasks.form.start')}
                      value={draft.start_date}
                      onChange={(v) => set('start_date', v)}
                      error={errors.start_date}
                      testId="cm-task-start"
                    />
                    <DateField
                      label={t('cmanagement_ui.tasks.form.end')}
                      value={draft.end_date}
                      onChange={(v) => set('end_date', v)}
                      error={errors.end_date}
                      testId="cm-task-end"
                    />
                  </SimpleGrid>
                  <NumberInput
                    label={t('cmanagement_ui.tasks.form.progress')}
                    value={draft.progress}
                    onChange={(v) => set('progress', v)}
                    precision={0}
                    min={0}
                    max={100}
                    invalid={Boolean(errors.progress)}
                    errorText={errors.progress}
                  />
                  <Field.Root invalid={Boolean(errors.assignee_id)}>
                    <UserSelect
                      label={t('cmanagement_ui.tasks.form.assignee')}
                      options={asUserOptions(people.data ?? [])}
                      value={draft.assignee}
                      onChange={(v) => set('assignee', v)}
                      placeholder={t('cmanagement_ui.tasks.form.nobody')}
                      clearable
                    />
                    {errors.assignee_id ? <Field.ErrorText>{errors.assignee_id}</Field.ErrorText> : null}
                  </Field.Root>
                  {errors._ ? (
                    <Field.Root invalid>
                      <Field.ErrorText>{errors._}</Field.ErrorText>
                    </Field.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="cm-task-save">
                  {t('cmanagement_ui.tasks.form.save')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
