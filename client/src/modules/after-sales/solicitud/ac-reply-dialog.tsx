import { useEffect, useState } from 'react';
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useTranslation } from 'react-i18next';
import { AC_FOLLOW_UPS, AC_RESULTS, acReplySchema } from '#domain/schemas/after-sales';
import type { AcEventType } from '#machines/ac';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useReplyAc } from '../api/ac-mutations.ts';
import type { AcView } from '../api/types.ts';
import { acEventsAllowed } from '../components/work-machines.ts';
import { SelectField, TextAreaField } from '../../../widgets/form-fields.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { toAttachments } from '../components/attachments.ts';
import { showSuccessToast } from '../../../api/notify.ts';

/** Result → AC machine event: the dialog offers only the results the machine accepts now. */
const RESULT_EVENT: Record<(typeof AC_RESULTS)[number], AcEventType> = {
  conforme: 'ac.approve',
  no_conforme: 'ac.disapprove',
  rechazada: 'ac.reject',
};

/**
 * Records the owner's answer to an AC (docs/product.md §4 AC): conforming, non-conforming or rejected (a reply is
 * required unless conforming). One dialog for the list of ACs, open while `ac` is set.
 */
export function AcReplyDialog({ ticketId, ac, onClose }: { ticketId: number; ac: AcView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const open = ac !== null;
  const [form, setForm] = useState({ result: '', reply: '', follow_up: '' });
  const [photos, setPhotos] = useState<UploadedFileItem[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (open) {
      setForm({ result: '', reply: '', follow_up: '' });
      setPhotos([]);
      setErrors({});
    }
  }, [open]);
  const reply = useReplyAc(ticketId);
  function submit() {
    const r = validate(
      acReplySchema,
      {
        result: form.result || undefined,
        reply: form.reply || undefined,
        follow_up: form.follow_up || undefined,
        attachments: toAttachments(photos),
      },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    if (ac)
      reply.mutate(
        { acId: ac.id, body: r.data },
        {
          onSuccess: () => {
            showSuccessToast(t('after_sales_ui.toasts.ac_replied', { code: ac.code }));
            onClose();
          },
          onError: (err) => setErrors(serverFieldErrors(err)),
        },
      );
  }
  const allowed = ac ? acEventsAllowed(ac) : [];
  const results = AC_RESULTS.filter((r) => allowed.includes(RESULT_EVENT[r]));
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
          <Dialog.Content data-testid="ac-reply-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('after_sales_ui.ac.reply_title', { code: ac?.code ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <SelectField
                  label={t('after_sales_ui.ac.result')}
                  required
                  value={form.result}
                  error={errors.result}
                  placeholder={t('after_sales_ui.form.choose')}
                  options={results.map((r) => ({ value: r, label: t(`after_sales.ac_states.${r}`) }))}
                  onChange={(result) => setForm({ ...form, result })}
                />
                <TextAreaField
                  label={t('after_sales_ui.ac.reply')}
                  required={Boolean(form.result) && form.result !== 'conforme'}
                  value={form.reply}
                  maxLength={2000}
                  error={errors.reply}
                  onChange={(v) => setForm({ ...form, reply: v })}
                />
                <FileUploader
                  context="general"
                  photos
                  accept={['jpg', 'jpeg', 'png', 'webp', 'heic']}
                  label={t('after_sales_ui.ac.photos')}
                  value={photos}
                  onChange={setPhotos}
                />
                {errors.attachments ? (
                  <Text color="fg.error" textStyle="sm">
                    {errors.attachments}
                  </Text>
                ) : null}
                {form.result && form.result !== 'conforme' ? (
                  <SelectField
                    label={t('after_sales_ui.ac.follow_up')}
                    value={form.follow_up}
                    placeholder={t('after_sales_ui.ac.follow_up_later')}
                    options={AC_FOLLOW_UPS.map((f) => ({ value: f, label: t(`after_sales_ui.ac.follow_ups.${f}`) }))}
                    onChange={(v) => setForm({ ...form, follow_up: v })}
                  />
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('after_sales_ui.actions.cancel')}
              </Button>
              <Button colorPalette="brand" loading={reply.isPending} onClick={submit}>
                {t('after_sales_ui.actions.save')}
              </Button>
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
