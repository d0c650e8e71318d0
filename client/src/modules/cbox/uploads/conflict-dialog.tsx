import { useState } from 'react';
import { Button, Checkbox, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConflictChoice, UploadItem } from './upload-queue.ts';

/**
 * docs/product.md §5 duplicates: a file whose name is taken in its folder waits for the user: replace it (the
 * previous version stays in the history), keep both ('name (1).ext'), or skip it; "apply to all" answers every
 * other conflict of the batch the same way.
 */
export function ConflictDialog({
  item,
  others,
  onChoose,
}: {
  item: UploadItem | undefined;
  others: number;
  onChoose: (key: string, choice: ConflictChoice, applyToAll: boolean) => void;
}) {
  const { t } = useTranslation();
  const [applyToAll, setApplyToAll] = useState(false);
  const choose = (choice: ConflictChoice) => {
    if (item) onChoose(item.key, choice, applyToAll);
    setApplyToAll(false);
  };
  return (
    <Dialog.Root
      open={Boolean(item)}
      onOpenChange={(d) => {
        if (!d.open) choose('skip');
      }}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cbox-upload-conflict" mx="3">
            <Dialog.Header>
              <Dialog.Title>{t('cbox_ui.uploads.conflict_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('cbox_ui.uploads.conflict_body', { name: item?.name ?? '' })}</Text>
                {others > 0 && (
                  <Checkbox.Root
                    checked={applyToAll}
                    onCheckedChange={(e) => setApplyToAll(e.checked === true)}
                    data-testid="cbox-upload-apply-all"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('cbox_ui.uploads.apply_all')}</Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="ghost" onClick={() => choose('skip')}>
                {t('cbox_ui.uploads.skip')}
              </Button>
              <Button variant="outline" onClick={() => choose('keep_both')}>
                {t('cbox_ui.uploads.keep_both')}
              </Button>
              <Button colorPalette="brand" onClick={() => choose('replace')}>
                {t('cbox_ui.uploads.replace')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
