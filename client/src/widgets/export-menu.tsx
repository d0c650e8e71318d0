import { useState } from 'react';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../api/notify.ts';
import { saveBlob } from './upload/transfer.ts';
import { toIsoDate } from './date-range.ts';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * docs/product.md §7 export of a filtered list to xlsx or csv: the server builds the file (`download`), the
 * browser saves it as `<baseName>-<today>.<format>`. A failed call already toasted (docs/product.md §8).
 */
export function ExportMenu({
  download,
  baseName,
  label,
  disabled,
  testId = 'export-menu',
}: {
  download: (format: ExportFormat) => Promise<Blob>;
  baseName: string;
  label?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function save(format: ExportFormat) {
    setBusy(true);
    try {
      saveBlob(await download(format), `${baseName}-${toIsoDate(new Date())}.${format}`);
      showSuccessToast(t('files.downloaded_file'));
    } catch {
      // the API client already showed the toast
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu.Root onSelect={(d) => void save(d.value as ExportFormat)}>
      <Menu.Trigger asChild>
        <Button variant="outline" loading={busy} disabled={disabled} data-testid={testId} minH="11">
          <Download size={16} aria-hidden="true" />
          {label ?? t('widgets.export.label')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="xlsx">{t('widgets.export.xlsx')}</Menu.Item>
            <Menu.Item value="csv">{t('widgets.export.csv')}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
