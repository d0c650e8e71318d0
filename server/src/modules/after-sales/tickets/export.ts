import type { Translate } from '../../../lib/i18n.ts';
import type { SheetColumn } from '../../../lib/spreadsheet.ts';
import type { listRow } from './list.ts';
import { formatIn } from '../shared/dates.ts';

type Row = ReturnType<typeof listRow>;

/**
 * Columns of the export (docs/product.md#ticket-screens: the filtered set to xlsx and csv), labelled in the caller's
 * language. Times are written in `tz`, the zone the screens show them in (docs/product.md §9 time zone), and the
 * time columns name it: 'Creada (America/Santiago)'. The clock column is the one the list shows (docs/product.md §4
 * Ticket clocks), with its due time; a paused or stopped clock has none.
 */
/** The tickets export's columns (docs/product.md §7), times in `tz` and named with it. */
export function ticketColumns(t: Translate, tz: string): SheetColumn<Row>[] {
  const when = (iso: string) => formatIn(iso, tz, 'DD-MM-YYYY HH:mm');
  return [
    { header: t('after_sales.export.code'), width: 14, value: (r: Row) => r.code },
    { header: t('after_sales.export.subject'), width: 40, value: (r: Row) => r.subject },
    { header: t('after_sales.export.state'), width: 14, value: (r: Row) => t(`after_sales.states.${r.state}`) },
    {
      header: t('after_sales.export.priority'),
      width: 10,
      value: (r: Row) => t(`after_sales.priorities.${r.priority}`),
    },
    { header: t('after_sales.export.origin'), width: 10, value: (r: Row) => t(`after_sales.origins.${r.origin}`) },
    { header: t('after_sales.export.project'), width: 28, value: (r: Row) => r.project.name },
    { header: t('after_sales.export.tower'), width: 12, value: (r: Row) => r.tower?.name ?? '' },
    { header: t('after_sales.export.unit'), width: 10, value: (r: Row) => r.unit.number },
    { header: t('after_sales.export.applicant'), width: 28, value: (r: Row) => r.applicant?.name ?? '' },
    { header: t('after_sales.export.responsible'), width: 28, value: (r: Row) => r.responsible?.full_name ?? '' },
    { header: t('after_sales.export.progress'), width: 10, value: (r: Row) => r.progress.percent },
    {
      header: t('after_sales.export.sla'),
      width: 28,
      value: (r: Row) =>
        r.sla ? `${t(`after_sales.sla.clock.${r.sla.clock}`)}: ${t(`after_sales.sla.status.${r.sla.status}`)}` : '',
    },
    {
      header: t('after_sales.export.sla_due_at', { zone: tz }),
      width: 30,
      value: (r: Row) => (r.sla?.due_at ? when(r.sla.due_at) : ''),
    },
    { header: t('after_sales.export.created_at', { zone: tz }), width: 30, value: (r: Row) => when(r.created_at) },
    { header: t('after_sales.export.updated_at', { zone: tz }), width: 30, value: (r: Row) => when(r.updated_at) },
  ];
}
