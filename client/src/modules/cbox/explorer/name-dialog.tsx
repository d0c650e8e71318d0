import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input, InputGroup, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { extensionOf } from '#domain/files';
import { cboxFileRenameSchema, cboxFolderRenameSchema } from '#domain/schemas/cbox';
import { validate } from '../../../shared/forms.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';

type Props = {
  title: string;
  kind: 'folder' | 'file';
  /** The current name (empty for a new folder). */
  initial: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
};

/** The folder's or file's name. A file keeps its extension: only the part before it is edited (docs/product.md §5). */
export function NameDialog({ title, kind, initial, submitLabel, busy, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const extension = kind === 'file' ? extensionOf(initial) : '';
  // The extension as written (extensionOf lowercases it).
  const suffix = extension ? initial.slice(-(extension.length + 1)) : '';
  const [base, setBase] = useState(suffix ? initial.slice(0, -suffix.length) : initial);
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = base.trim() + suffix;
    const checked = validate(kind === 'file' ? cboxFileRenameSchema : cboxFolderRenameSchema, { name }, t);
    if (!checked.ok) return setError(Object.values(checked.errors)[0]);
    setError(undefined);
    onSubmit(checked.data.name);
  };

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" initialFocusEl={() => null}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={submit} data-testid="cbox-name-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root invalid={Boolean(error)} required>
                <Field.Label>{t('cbox_ui.explorer.name')}</Field.Label>
                <InputGroup
                  endElement={
                    suffix ? (
                      <Text color="fg.muted" aria-hidden="true">
                        {suffix}
                      </Text>
                    ) : undefined
                  }
                >
                  <Input
                    autoFocus
                    value={base}
                    onChange={(e) => setBase(e.target.value)}
                    aria-description={suffix ? t('cbox_ui.explorer.keeps_extension', { extension: suffix }) : undefined}
                    data-testid="cbox-name-input"
                  />
                </InputGroup>
                {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="cbox-name-submit">
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
