import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGE_MAX, portalTicketSchema, TICKET_SUBJECT_MAX } from '#domain/schemas/after-sales';
import { useAuthUser } from '../../api/session/auth-user.ts';
import { validate, type FieldErrors } from '../../shared/forms.ts';
import { myUnitsQuery } from './api/portal-api.ts';
import { newDraftKey, type DraftPhoto, type TicketDraft } from './api/draft-store.ts';
import { useTicketDrafts } from './api/use-ticket-drafts.ts';
import { useIsOnline } from './api/use-online.ts';
import { DraftPhotoPicker } from './drafts/draft-photo-picker.tsx';

/** The fields the device checks before keeping a draft; the photos are counted by the picker, the server checks the rest. */
const draftFieldsSchema = portalTicketSchema.pick({ unit_id: true, subject: true, message: true });

/**
 * An owner's new ticket with photos (docs/product.md#owner-portal; its origin is PWA). It is kept on the
 * device first (api/draft-store.ts) and then sent; without a connection it waits and goes on its own
 * when the connection returns. `?borrador=<key>` reopens a draft the server refused, to correct it.
 */
export function PortalCreatePage() {
  const { data: user } = useAuthUser();
  const [params] = useSearchParams();
  const { drafts, keep, send } = useTicketDrafts(user!.id);
  const editing = params.get('borrador');
  const draft = editing ? drafts.find((d) => d.key === editing) : undefined;
  // Wait for the draft being corrected before filling the form with it.
  if (editing && !draft) return null;
  return <DraftForm key={draft?.key ?? 'new'} ownerId={user!.id} initial={draft} keep={keep} send={send} />;
}

function DraftForm(props: {
  ownerId: number;
  initial?: TicketDraft;
  keep: (draft: TicketDraft) => Promise<void>;
  send: (draft: TicketDraft) => Promise<TicketDraft>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useQuery(myUnitsQuery);
  const { initial } = props;
  const [key] = useState(() => initial?.key ?? newDraftKey());
  const [form, setForm] = useState({
    unit: initial ? String(initial.unit_id) : '',
    subject: initial?.subject ?? '',
    message: initial?.message ?? '',
  });
  const [photos, setPhotos] = useState<DraftPhoto[]>(initial?.photos ?? []);
  const [errors, setErrors] = useState<FieldErrors>(initial?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const isOnline = useIsOnline();
  const unitValue = form.unit || (units.data?.length === 1 ? String(units.data[0].id) : '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const r = validate(
      draftFieldsSchema,
      { unit_id: unitValue || undefined, subject: form.subject, message: form.message },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    const online = navigator.onLine;
    const draft: TicketDraft = {
      key,
      ownerId: props.ownerId,
      ...r.data,
      // Photos picked again after a refusal are new; the ones already uploaded keep their path.
      photos,
      status: online ? 'saved' : 'waiting',
      updatedAt: new Date().toISOString(),
    };
    setBusy(true);
    try {
      await props.keep(draft);
      if (!online) return navigate('/portal/inicio');
      const answer = await props.send(draft);
      if (answer.status === 'sent') return navigate(`/portal/solicitud/${answer.ticketId}`);
      if (answer.status === 'refused') return setErrors(answer.errors ?? {});
      navigate('/portal/inicio');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="portal-create">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              {t('portal.create.title')}
            </Heading>
            {initial ? (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{t('portal.drafts.editing')}</Alert.Title>
              </Alert.Root>
            ) : null}
            {errors._ ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errors._}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Field.Root invalid={Boolean(errors.unit_id)} required>
              <Field.Label>
                {t('portal.create.unit')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root size="lg">
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
                size="lg"
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
            <DraftPhotoPicker
              label={t('portal.create.photos')}
              value={photos}
              onChange={setPhotos}
              onRefuse={(message) =>
                setErrors(({ attachments: _, ...rest }) => (message ? { ...rest, attachments: message } : rest))
              }
            />
            {Object.entries(errors)
              .filter(([field]) => field.startsWith('attachments'))
              .map(([field, message]) => (
                <Text key={field} color="red.700" textStyle="sm">
                  {message}
                </Text>
              ))}
            {!isOnline ? (
              <Text textStyle="sm" color="fg.muted" data-testid="portal-offline-note">
                {t('portal.create.offline_note')}
              </Text>
            ) : null}
            <HStack justify="flex-end" gap="2">
              <Button variant="outline" onClick={() => navigate('/portal/inicio')}>
                {t('portal.cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="portal-create-submit">
                {t('portal.create.submit')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
