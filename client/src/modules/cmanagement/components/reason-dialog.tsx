import { useEffect, useState } from 'react';
import { Button, Dialog, Field, Portal, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CM_TEXT_MAX } from '#domain/cmanagement';
import { CloseButton } from '../../../widgets/close-button.tsx';

/** Asks why a ticket is blocked (the machine's block takes a reason: machines/cm-ticket.ts hasReason). */
export function ReasonDialog({
  open,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy?: boolean;
  error?: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  useEffect(() => {
    if (open) setText('');
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="block-reason-dialog">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (text.trim()) onConfirm(text.trim());
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('cmanagement_ui.block.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root required invalid={Boolean(error)}>
                  <Field.Label>
                    {t('cmanagement_ui.block.reason')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea
                    value={text}
                    maxLength={CM_TEXT_MAX}
                    onChange={(e) => setText(e.target.value)}
                    data-testid="block-reason"
                    autoFocus
                  />
                  {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="red"
                  loading={busy}
                  disabled={!text.trim()}
                  data-testid="block-confirm"
                >
                  {t('cmanagement_ui.actions.block')}
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
