import { Button, Flex, Text } from '@chakra-ui/react';
import { Download, FolderInput, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CboxItem } from '#domain/cbox-responses';
import { cboxZipUrl } from '../api/explorer-api.ts';
import { everyAllows } from './item-actions.ts';
import { selectionOf } from './selection.ts';

/** What to do with the selected items at once: move, delete (both need can-edit on each), download as one zip. */
export function BulkBar({
  items,
  onMove,
  onDelete,
  onClear,
}: {
  items: readonly CboxItem[];
  onMove: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (!items.length) return null;
  const mayEdit = everyAllows(items, 'move');
  return (
    <Flex
      role="region"
      aria-label={t('cbox_ui.explorer.bulk_label')}
      gap="2"
      wrap="wrap"
      align="center"
      p="2"
      borderRadius="md"
      bg="brand.subtle"
      data-testid="cbox-bulk-bar"
    >
      <Text fontWeight="medium" aria-live="polite">
        {t('cbox_ui.explorer.selected', { count: items.length })}
      </Text>
      <Button size="sm" variant="outline" onClick={onMove} disabled={!mayEdit} data-testid="cbox-bulk-move">
        <FolderInput size={16} aria-hidden="true" />
        {t('cbox_ui.explorer.action.move')}
      </Button>
      <Button size="sm" variant="outline" onClick={onDelete} disabled={!mayEdit} data-testid="cbox-bulk-delete">
        <Trash2 size={16} aria-hidden="true" />
        {t('cbox_ui.explorer.action.delete')}
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={cboxZipUrl(selectionOf(items))} download data-testid="cbox-bulk-zip">
          <Download size={16} aria-hidden="true" />
          {t('cbox_ui.explorer.download_zip')}
        </a>
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear} ms="auto">
        <X size={16} aria-hidden="true" />
        {t('cbox_ui.explorer.clear_selection')}
      </Button>
    </Flex>
  );
}
