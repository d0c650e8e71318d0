import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useTranslation } from 'react-i18next';
import { DELIVERY_TEXT_MAX } from '#domain/limits';
import { OWNER_ROLES, deliverSchema, type DeliverInput, type OwnerRole } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { toIsoDate } from '../../../widgets/date-range.ts';
import type { Owner } from '../api/ficha-api.ts';
import type { DeliverRequest } from '../api/ficha-commands-api.ts';
import { SignatureCanvas, dataUrlToFile } from '../../../widgets/signature-canvas.tsx';

export type DeliverForm = {
  delivery_date: string;
  /** ownerId → the role they received the unit in ('' = not present). */
  attendees: Record<number, OwnerRole | ''>;
  receiver_comment: string;
  observations: string;
  representative_signs: boolean;
};

/** The form → the API body; signatures are added once uploaded. Empty texts are left out. */
export function deliverPayload(form: DeliverForm): DeliverInput {
  return {
    delivery_date: form.delivery_date,
    attendees: Object.entries(form.attendees)
      .filter(([, role]) => role)
      .map(([id, role]) => ({ owner_id: Number(id), role: role as OwnerRole })),
    receiver_comment: form.receiver_comment.trim() || undefined,
    observations: form.observations.trim() || undefined,
    representative_signs: form.representative_signs,
  };
}

const signatureFile = (dataUrl: string | null, name: string) => (dataUrl ? dataUrlToFile(dataUrl, name) : null);

type Props = {
  open: boolean;
  owners: Owner[];
  onClose: () => void;
  onDeliver: (request: DeliverRequest) => Promise<unknown>;
};

/**
 * docs/product.md §5 delivery dialog: who received the unit (at least one owner in a role), the delivery date
 * (required), texts of at most 250 characters without special characters (counters shown), and the
 * owner's and the representative's signatures drawn here and uploaded as PNG images.
 */
export function DeliverDialog({ open, owners, onClose, onDeliver }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<DeliverForm>(() => emptyForm(owners));
  const [ownerSignature, setOwnerSignature] = useState<string | null>(null);
  const [repSignature, setRepSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Each opening starts a fresh form, and so does the owners' list arriving (it loads once the dialog opens).
  // It is set while rendering, not in an effect, so the first frame with the owners already has a sole owner
  // ticked; a refetch that brings the same people back does not wipe what was typed.
  const formKey = open ? owners.map((o) => o.id).join(',') : null;
  const [startedFor, setStartedFor] = useState<string | null>(null);
  if (formKey !== startedFor) {
    setStartedFor(formKey);
    if (formKey !== null) {
      setForm(emptyForm(owners));
      setErrors({});
      setOwnerSignature(null);
      setRepSignature(null);
    }
  }

  const submit = async () => {
    const checked = validate(deliverSchema, deliverPayload(form), t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // Uploading them, and the representative's becoming the profile's signature, is the hook's (useDeliver).
      await onDeliver({
        input: checked.data,
        ownerSignature: await signatureFile(ownerSignature, 'firma-propietario.png'),
        representativeSignature: await signatureFile(repSignature, 'firma-representante.png'),
      });
      onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  const text = (field: 'receiver_comment' | 'observations') => (
    <Field.Root invalid={Boolean(errors[field])}>
      <Field.Label>{t(`deliveries_ui.deliver.${field}`)}</Field.Label>
      <Textarea
        rows={2}
        value={form[field]}
        maxLength={DELIVERY_TEXT_MAX}
        data-testid={`deliver-${field}`}
        onChange={(e) => setForm({ ...form, [field]: e.target.value })}
      />
      <Field.HelperText>{`${form[field].length} / ${DELIVERY_TEXT_MAX}`}</Field.HelperText>
      {errors[field] ? <Field.ErrorText>{errors[field]}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="deliver-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('deliveries_ui.deliver.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required invalid={Boolean(errors.delivery_date)}>
                  <Field.Label>
                    {t('deliveries_ui.deliver.delivery_date')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="date"
                    value={form.delivery_date}
                    data-testid="deliver-date"
                    onChange={(e) => setForm({ ...form, delivery_date: e.target.value })}
                  />
                  {errors.delivery_date ? <Field.ErrorText>{errors.delivery_date}</Field.ErrorText> : null}
                </Field.Root>
                <Field.Root required invalid={Boolean(errors.attendees)}>
                  <Field.Label>
                    {t('deliveries_ui.deliver.attendees')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Stack gap="2" w="full">
                    {owners.length === 0 ? (
                      <Text textStyle="sm" color="fg.muted">
                        {t('deliveries_ui.owners.empty')}
                      </Text>
                    ) : null}
                    {owners.map((o) => {
                      const role = form.attendees[o.id] ?? '';
                      return (
                        <HStack key={o.id} gap="3" wrap="wrap">
                          <Checkbox.Root
                            checked={Boolean(role)}
                            data-testid={`deliver-attendee-${o.id}`}
                            onCheckedChange={(d) =>
                              setForm({ ...form, attendees: { ...form.attendees, [o.id]: d.checked ? o.role : '' } })
                            }
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label>{[o.name, o.last_name].filter(Boolean).join(' ')}</Checkbox.Label>
                          </Checkbox.Root>
                          <NativeSelect.Root size="sm" width="auto" disabled={!role}>
                            <NativeSelect.Field
                              aria-label={t('deliveries_ui.owners.role')}
                              value={role || o.role}
                              onChange={(e) =>
                                setForm({
                                  ...form,
                                  attendees: { ...form.attendees, [o.id]: e.currentTarget.value as OwnerRole },
                                })
                              }
                            >
                              {OWNER_ROLES.map((r) => (
                                <option key={r} value={r}>
                                  {t(`deliveries.roles.${r}`)}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </HStack>
                      );
                    })}
                  </Stack>
                  {errors.attendees ? (
                    <Field.ErrorText data-testid="deliver-attendees-error">{errors.attendees}</Field.ErrorText>
                  ) : null}
                </Field.Root>
                {text('receiver_comment')}
                {text('observations')}
                <SignatureCanvas
                  label={t('deliveries_ui.deliver.owner_signature')}
                  onChange={setOwnerSignature}
                  testId="owner-signature"
                />
                <Checkbox.Root
                  checked={form.representative_signs}
                  onCheckedChange={(d) => setForm({ ...form, representative_signs: Boolean(d.checked) })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('deliveries_ui.deliver.representative_signs')}</Checkbox.Label>
                </Checkbox.Root>
                {form.representative_signs ? (
                  <SignatureCanvas
                    label={t('deliveries_ui.deliver.representative_signature')}
                    onChange={setRepSignature}
                    testId="representative-signature"
                  />
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('deliveries_ui.actions.cancel')}
              </Button>
              <Button colorPalette="brand" loading={busy} onClick={() => void submit()} data-testid="deliver-submit">
                {t('deliveries_ui.deliver.submit')}
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

function emptyForm(owners: Owner[]): DeliverForm {
  // docs/product.md §5, at least one: with several people who actually came is an explicit choice; a sole
  // owner or receiver is the one receiving, so they start ticked in their role.
  const sole = owners.length === 1;
  return {
    delivery_date: toIsoDate(new Date()),
    attendees: Object.fromEntries(owners.map((o) => [o.id, sole ? o.role : ''])),
    receiver_comment: '',
    observations: '',
    representative_signs: true,
  };
}
