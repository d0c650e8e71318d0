import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Heading, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { attachmentSchema, MESSAGE_MAX, TICKET_SUBJECT_MAX } from '#domain/schemas/after-sales';
import { UPLOAD } from '#domain/limits';
import { serverFieldErrors } from '../../api/errors.ts';
import { validate, type FieldErrors } from '../../shared/forms.ts';
import { FileUploader } from '../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../widgets/upload/upload-api.ts';
import { myUnitsQuery } from './api/portal-api.ts';
import { useCreatePortalTicket } from './api/portal-mutations.ts';

const text = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.max_length');
/** The same rules the portal API validates with (unit, subject, message, at most 5 photos). */
const portalTicketSchema = z.object({
  unit_id: z.coerce.number({ error: 'validation.required' }).int().positive('validation.required'),
  subject: text(TICKET_SUBJECT_MAX),
  message: text(MESSAGE_MAX),
  attachments: z.array(attachmentSchema).max(UPLOAD.uploaderDefaultMaxFiles, 'validation.max_items'),
});

/** An owner's new ticket with photos (docs/product.md#owner-portal; its origin is PWA). */
export function PortalCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useQuery(myUnitsQuery);
  const [form, setForm] = useState({ unit: '', subject: '', message: '' });
  const [photos, setPhotos] = useState<UploadedFileItem[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const unitValue = form.unit || (units.data?.length === 1 ? String(units.data[0].id) : '');
  const create = useCreatePortalTicket();
  function submit(e: FormEvent) {
    e.preventDefault();
    const r = validate(
      portalTicketSchema,
      {
        unit_id: unitValue || undefined,
        subject: form.subject,
        message: form.message,
        attachments: photos.map((p) => ({ path: p.path, name: p.name, size: p.size, type: p.type ?? '' })),
      },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    create.mutate(
      { ...r.data, attachments: r.data.attachments.map((a) => ({ ...a, type: a.type ?? '' })) },
      {
        onSuccess: (ticket) => navigate(`/portal/solicitud/${ticket.id}`),
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} noValidate data-testid="portal-create">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              {t('portal.create.title')}
            </Heading>
            <Field.Root invalid={Boolean(errors.unit_id)} required>
              <Field.Label>
                {t('portal.create.unit')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={unitValue}
                  onChange={(e) => setForm({ ...form, unit: e.currentTarget.value })}
                >
                  <option value="">{t('portal.create.choose')}</option>
                  {(units.data ?? []).map((u) => (
                    <option key={u.id} value={u.id}>
                      {[u.project.name, u.tower, t('portal.unit', { number: u.number })].filter(Boolean).join(' · ')}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.unit_id}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.subject)} required>
              <Field.Label>
                {t('portal.create.subject')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={form.subject}
                maxLength={TICKET_SUBJECT_MAX}
                onChange={(e) => setForm({ ...form, subject: e.target.value })}
                data-testid="portal-subject"
              />
              <Field.ErrorText>{errors.subject}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.message)} required>
              <Field.Label>
                {t('portal.create.message')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                value={form.message}
                maxLength={MESSAGE_MAX}
                rows={5}
                onChange={(e) => setForm({ ...form, message: e.target.value })}
                data-testid="portal-message"
              />
              <Field.HelperText>{t('portal.create.message_help')}</Field.HelperText>
              <Field.ErrorText>{errors.message}</Field.ErrorText>
            </Field.Root>
            <FileUploader
              context="general"
              photos
              accept={['jpg', 'jpeg', 'png']}
              label={t('portal.create.photos')}
              value={photos}
              onChange={setPhotos}
            />
            {errors.attachments ? (
              <Text color="fg.error" textStyle="sm">
                {errors.attachments}
              </Text>
            ) : null}
            <HStack justify="flex-end" gap="2">
              <Button variant="outline" onClick={() => navigate('/portal/inicio')}>
                {t('portal.cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={create.isPending} data-testid="portal-create-submit">
                {t('portal.create.submit')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
