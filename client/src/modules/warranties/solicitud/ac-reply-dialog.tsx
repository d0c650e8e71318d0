import { useEffect, useState } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AC_FOLLOW_UPS, AC_RESULTS, acReplySchema } from '#domain/schemas/warranties';
import type { AcEventType } from '#machines/ac';
import { serverFieldErrors, validate, type FieldErrors } from '../../../shared/forms.ts';
import { warrantyKeys } from '../api/keys.ts';
import type { AcView } from '../api/types.ts';
import { acsApi } from '../api/work-api.ts';
import { SelectField, TextAreaField } from '../components/form-fields.tsx';

/** Result → AC machine event: the dialog offers only the results the machine accepts now. */
const RESULT_EVENT: Record<(typeof AC_RESULTS)[number], AcEventType> = { conforme: 'ac.approve', no_conforme: 'ac.disapprove', rechazada: 'ac.reject' };

/** Records the owner's answer to an AC (docs/product.md §4 AC): conforming, non-conforming or rejected (a reply is required unless conforming). */
export function AcReplyDialog({ ticketId, ac, allowed, open, onClose }: { ticketId: number; ac: AcView; allowed: AcEventType[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ result: '', reply: '', follow_up: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => { if (open) { setForm({ result: '', reply: '', follow_up: '' }); setErrors({}); } }, [open]);
  const reply = useMutation({
    mutationFn: (body: Parameters<typeof acsApi.reply>[2]) => acsApi.reply(ticketId, ac.id, body),
    onSuccess: () => { void queryClient.invalidateQueries({ queryKey: warrantyKeys.ticket(ticketId) }); onClose(); },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  function submit() {
    const r = validate(acReplySchema, { result: form.result || undefined, reply: form.reply || undefined, follow_up: form.follow_up || undefined }, t);
    if (!r.ok) return setErrors(r.errors);
    reply.mutate(r.data);
  }
  const results = AC_RESULTS.filter((r) => allowed.includes(RESULT_EVENT[r]));
  return (
    <Dialog.Root open={open} onOpenChange={(d) => { if (!d.open) onClose(); }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="ac-reply-dialog">
            <Dialog.Header><Dialog.Title>{t('warranties_ui.ac.reply_title', { code: ac.code })}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <SelectField label={t('warranties_ui.ac.result')} required value={form.result} error={errors.result} placeholder={t('warranties_ui.form.choose')}
                  options={results.map((r) => ({ value: r, label: t(`warranties.ac_states.${r}`) }))} onChange={(result) => setForm({ ...form, result })} />
                <TextAreaField label={t('warranties_ui.ac.reply')} required={Boolean(form.result) && form.result !== 'conforme'} value={form.reply}
                  maxLength={2000} error={errors.reply} onChange={(v) => setForm({ ...form, reply: v })} />
                {form.result && form.result !== 'conforme' ? (
                  <SelectField label={t('warranties_ui.ac.follow_up')} value={form.follow_up} placeholder={t('warranties_ui.ac.follow_up_later')}
                    options={AC_FOLLOW_UPS.map((f) => ({ value: f, label: t(`warranties_ui.ac.follow_ups.${f}`) }))} onChange={(v) => setForm({ ...form, follow_up: v })} />
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>{t('warranties_ui.actions.cancel')}</Button>
              <Button colorPalette="brand" loading={reply.isPending} onClick={submit}>{t('warranties_ui.actions.save')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
