import { useTranslation } from 'react-i18next';
import { ExportMenu as ListExportMenu } from '../../../widgets/export-menu.tsx';
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
  return (
    <ListExportMenu
      download={(format) => ticketsApi.export(format, filters, sort)}
      baseName="solicitudes"
      label={t('after_sales_ui.export.label')}
      disabled={disabled}
    />
  );
}
