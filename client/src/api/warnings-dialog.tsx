import { Box, Button, Dialog, List, Portal } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { warningsDialog, type WarningsNotice } from './notify.ts';

/** docs/product.md §8: a success with warnings opens a persistent dialog (no outside click, no Escape) until Aceptar. */
export function WarningsDialog({ notice }: { notice: WarningsNotice }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open
      role="alertdialog"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      onOpenChange={(d) => {
        if (!d.open) warningsDialog.dismiss(notice.id);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="warnings-dialog" mx="4">
            <Dialog.Header>
              <Dialog.Title display="flex" alignItems="center" gap="2">
                <Box as="span" color="orange.solid">
                  <TriangleAlert size={20} aria-hidden />
                </Box>
                {notice.title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <List.Root as="ul" ps="4" gap="1">
                {notice.warnings.map((w, i) => (
                  <List.Item key={i}>{w}</List.Item>
                ))}
              </List.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={() => warningsDialog.dismiss(notice.id)}>
                {t('common.accept')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
