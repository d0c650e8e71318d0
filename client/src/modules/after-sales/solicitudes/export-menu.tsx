import { useState } from 'react';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../api/notify.ts';
import { saveBlob } from '../../../widgets/upload/transfer.ts';
import { toIsoDate } from '../../../widgets/date-range.ts';
import { ticketsApi, type TicketFilters, type TicketSort } from '../api/tickets-api.ts';

/** docs/product.md §7 export of the filtered set to xlsx or csv: the server builds the file, the browser saves it. */
export function ExportMenu({
  filters,
  sort,
  disabled,
}: {
  filters: TicketFilters;
  sort: TicketSort;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download(format: 'xlsx' | 'csv') {
    setBusy(true);
    try {
      const blob = await ticketsApi.export(format, filters, sort);
      saveBlob(blob, `solicitudes-${toIsoDate(new Date())}.${format}`);
      showSuccessToast(t('files.downloaded_file'));
    } catch {
      // the API client already showed the docs/product.md §8 toast
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu.Root onSelect={(d) => void download(d.value as 'xlsx' | 'csv')}>
      <Menu.Trigger asChild>
        <Button variant="outline" loading={busy} disabled={disabled} data-testid="export-menu">
          <Download size={16} aria-hidden="true" />
          {t('after_sales_ui.export.label')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="xlsx">{t('after_sales_ui.export.xlsx')}</Menu.Item>
            <Menu.Item value="csv">{t('after_sales_ui.export.csv')}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
