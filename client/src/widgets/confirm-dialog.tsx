import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { CloseButton } from './close-button.tsx';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
};

/** A yes/no confirmation before an action that cannot be undone (docs/product.md §4: resolving a ticket, cleaning a ficha). */
export function ConfirmDialog({ open, title, body, confirmLabel, danger, busy, onConfirm, onClose, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{body}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette={danger ? 'red' : 'brand'}
                loading={busy}
                onClick={onConfirm}
                data-testid="confirm-ok"
              >
                {confirmLabel}
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
