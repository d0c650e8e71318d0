import type { ReactNode } from 'react';
import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from './close-button.tsx';

type Props = {
  open: boolean;
  title: string;
  submitLabel: string;
  busy?: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

/** A small form in a dialog (a name, a few fields, lines to create): cancel and submit, full screen on a phone. */
export function FormDialog({
  open,
  title,
  submitLabel,
  busy,
  submitDisabled,
  onSubmit,
  onClose,
  children,
  testId,
}: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <form
              noValidate
              style={{ display: 'contents' }}
              onSubmit={(e) => {
                e.preventDefault();
                onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" minH="44px" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  minH="44px"
                  loading={busy}
                  disabled={submitDisabled}
                  data-testid="form-dialog-submit"
                >
                  {submitLabel}
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
