import { useEffect, useState } from 'react';
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TICKET_PRIORITIES, TICKET_SUBJECT_MAX, ticketUpdateSchema } from '#domain/schemas/after-sales';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showToast, showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { responsiblesQuery } from '../api/pickers-api.ts';
import { useUpdateTicket } from '../api/ticket-mutations.ts';
import type { TicketDetail } from '../api/types.ts';
import { SelectField, TextField } from '../../../widgets/form-fields.tsx';
import { saveAsTargets } from '../components/ticket-machine.ts';

/**
 * Edit subject, responsible, priority and cc; docs/product.md §4 "the save button can send it as a different
 * state": the state select offers only the save-as targets the ticket machine accepts now.
 */
export function EditTicketDialog({
  ticket,
  open,
  onClose,
}: {
  ticket: TicketDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const people = useQuery({ ...responsiblesQuery(ticket.project.id), enabled: open });
  const initial = () => ({
    subject: ticket.subject,
    responsible: ticket.responsible ? String(ticket.responsible.id) : null,
    priority: ticket.priority as string,
    cc: ticket.cc.map((c) => String(c.id)),
    state: '',
  });
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Reset when opened, not on every refetch of the ticket.
  useEffect(() => {
    if (open) {
      setForm(initial());
      setErrors({});
    }
  }, [open]);
  const targets = saveAsTargets({ state: ticket.state, previousState: ticket.previous_state });
  const save = useUpdateTicket(ticket.id);

  function submit() {
    const body = {
      ...(form.subject !== ticket.subject ? { subject: form.subject } : {}),
      ...(form.responsible !== (ticket.responsible ? String(ticket.responsible.id) : null)
        ? { responsible_id: form.responsible ? Number(form.responsible) : null }
        : {}),
      ...(form.priority !== ticket.priority ? { priority: form.priority } : {}),
      ...(form.cc.join(',') !== ticket.cc.map((c) => String(c.id)).join(',') ? { cc: form.cc.map(Number) } : {}),
      ...(form.state ? { state: form.state } : {}),
    };
    // docs/product.md §5 "saving with no changes shows a 'no changes to send' message".
    if (!Object.keys(body).length) return showToast({ type: 'warning', title: t('common.no_changes'), errors: [] });
    const r = validate(ticketUpdateSchema, body, t);
    if (!r.ok) return setErrors(r.errors);
    save.mutate(r.data, {
      onSuccess: (saved) => {
        showSuccessToast(t('after_sales_ui.toasts.ticket_saved', { code: saved.code }));
        onClose();
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="edit-ticket-dialog">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
              noValidate
            >
              <Dialog.Header>
                <Dialog.Title>{t('after_sales_ui.edit.title', { code: ticket.code })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    label={t('after_sales_ui.form.subject')}
                    required
                    value={form.subject}
                    maxLength={TICKET_SUBJECT_MAX}
                    error={errors.subject}
                    onChange={(subject) => setForm({ ...form, subject })}
                  />
                  <UserSelect
                    label={t('after_sales_ui.form.responsible')}
                    options={people.data ?? []}
                    value={form.responsible}
                    clearable
                    onChange={(responsible) => setForm({ ...form, responsible })}
                    invalid={Boolean(errors.responsible_id)}
                  />
                  {errors.responsible_id ? (
                    <Text color="fg.error" textStyle="sm">
                      {errors.responsible_id}
                    </Text>
                  ) : null}
                  <SelectField
                    label={t('after_sales_ui.form.priority')}
                    value={form.priority}
                    error={errors.priority}
                    options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`after_sales.priorities.${p}`) }))}
                    onChange={(priority) => setForm({ ...form, priority })}
                  />
                  <UserSelect
                    label={t('after_sales_ui.form.cc')}
                    multiple
                    options={people.data ?? []}
                    value={form.cc}
                    clearable
                    onChange={(cc) => setForm({ ...form, cc })}
                  />
                  {targets.length ? (
                    <SelectField
                      label={t('after_sales_ui.edit.save_as')}
                      value={form.state}
                      error={errors.state}
                      testId="edit-save-as"
                      placeholder={t('after_sales_ui.edit.keep_state', {
                        state: t(`after_sales.states.${ticket.state}`),
                      })}
                      options={targets.map((s) => ({ value: s, label: t(`after_sales.states.${s}`) }))}
                      onChange={(state) => setForm({ ...form, state })}
                    />
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('after_sales_ui.actions.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={save.isPending}>
                  {t('after_sales_ui.actions.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
