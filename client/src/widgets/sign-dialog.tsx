import { useState } from 'react';
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { serverFieldErrors } from '../api/errors.ts';
import { validate, type FieldErrors } from '../shared/forms.ts';
import { CloseButton } from './close-button.tsx';
import { TextField } from './form-fields.tsx';
import { SignatureCanvas, dataUrlToFile } from './signature-canvas.tsx';

/** What a sign-off sends once the signature is drawn: the signer's name and the signature as a PNG file. */
export type SignOff = { signerName: string; signature: File };

type Props = {
  open: boolean;
  title: string;
  description?: string;
  nameLabel: string;
  signatureLabel: string;
  submitLabel: string;
  cancelLabel: string;
  /** The name the form starts with (the owner on record), editable. */
  defaultName: string;
  /** The request's schema for `signer_name` (domain/), so the form refuses what the server would. */
  nameSchema: z.ZodObject<{ signer_name: z.ZodType }>;
  /** Rejects with the server's answer: a 422 lands on `signer_name` / `signature_path`. */
  onSubmit: (signOff: SignOff) => Promise<unknown>;
  onClose: () => void;
  /** Message shown under the pad while nothing is drawn. */
  signatureRequired: string;
  fileName?: string;
};

/**
 * A sign-off on a phone (docs/product.md#ac-sign-off): the signer's name and a signature drawn with the finger on
 * a full-width pad, full screen on phones with 44 px buttons. The words are the caller's; used by the staff
 * "Firmar acta" and by the owner portal.
 */
export function SignDialog(props: Props) {
  const { open, onClose } = props;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Mounted per opening: each one starts with an empty pad and the default name. */}
          {open ? <SignForm {...props} /> : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SignForm(props: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.defaultName);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const touch = { minH: { base: '44px', md: 'auto' } } as const;

  const submit = async () => {
    const checked = validate(props.nameSchema, { signer_name: name }, t);
    const found: FieldErrors = checked.ok ? {} : checked.errors;
    if (!drawn) found.signature_path = props.signatureRequired;
    if (!checked.ok || !drawn) return setErrors(found);
    setErrors({});
    setBusy(true);
    try {
      const signerName = String((checked.data as { signer_name: string }).signer_name);
      await props.onSubmit({ signerName, signature: await dataUrlToFile(drawn, props.fileName ?? 'firma.png') });
      props.onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Content data-testid="sign-dialog">
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {props.description ? <Text color="fg.muted">{props.description}</Text> : null}
          <TextField
            label={props.nameLabel}
            value={name}
            onChange={setName}
            required
            error={errors.signer_name}
            testId="sign-name"
          />
          <SignatureCanvas
            label={props.signatureLabel}
            onChange={setDrawn}
            required
            error={errors.signature_path}
            testId="sign-pad"
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch">
        <Button variant="outline" onClick={props.onClose} {...touch}>
          {props.cancelLabel}
        </Button>
        <Button colorPalette="brand" loading={busy} onClick={() => void submit()} data-testid="sign-submit" {...touch}>
          {props.submitLabel}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
