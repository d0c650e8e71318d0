import type { CmFieldDefinition, CmFieldValue } from '#domain/cmanagement';
import type { CmTicketRow } from '#domain/cmanagement-responses';
import { formatDate } from '#domain/format';
import type { Translate } from '../../../lib/i18n.ts';
import type { SheetColumn } from '../../../lib/spreadsheet.ts';
import { formatIn } from '../../after-sales/service.ts';

/** An answer as a cell: option names for option ids, yes/no, a day as the screens write it, people by name. */
function answerCell(
  t: Translate,
  field: CmFieldDefinition,
  value: CmFieldValue | undefined,
  people: Map<number, string>,
) {
  if (value === undefined) return '';
  const list = Array.isArray(value) ? (value as (string | number)[]) : [value];
  switch (field.type) {
    case 'select':
    case 'multi_select':
      return list.map((id) => field.options.find((o) => o.id === id)?.name ?? String(id)).join(', ');
    case 'checkbox':
      return t(value ? 'cmanagement.export.yes' : 'cmanagement.export.no');
    case 'date':
      return formatDate(value);
    case 'user':
      return list.map((id) => people.get(Number(id)) ?? String(id)).join(', ');
    case 'file':
      return list.map((p) => String(p).split('/').pop()).join(', ');
    case 'number':
      return typeof value === 'number' ? value : '';
    default:
      return String(value);
  }
}

/**
 * The tickets export's columns (docs/product.md §7: the filtered set to xlsx and csv), labelled in the caller's
 * language, times in `tz` and named with it; `fields` (the one filtered category's active fields) add a column each.
 */
export function cmTicketColumns(
  t: Translate,
  tz: string,
  fields: CmFieldDefinition[],
  people: Map<number, string>,
): SheetColumn<CmTicketRow>[] {
  const when = (iso: string) => formatIn(iso, tz, 'DD-MM-YYYY HH:mm');
  const day = (d: string | null) => (d ? formatDate(d) : '');
  return [
    { header: t('cmanagement.export.code'), width: 12, value: (r) => r.code },
    { header: t('cmanagement.export.title'), width: 40, value: (r) => r.title },
    { header: t('cmanagement.export.state'), width: 14, value: (r) => t(`machines.cmTicket.states.${r.state}`) },
    { header: t('cmanagement.export.priority'), width: 10, value: (r) => t(`cmanagement_ui.priorities.${r.priority}`) },
    { header: t('cmanagement.export.project'), width: 28, value: (r) => r.project.name },
    { header: t('cmanagement.export.category'), width: 20, value: (r) => r.category.name },
    {
      header: t('cmanagement.export.assignees'),
      width: 30,
      value: (r) => r.assignees.map((a) => a.full_name).join(', '),
    },
    { header: t('cmanagement.export.start_date'), width: 12, value: (r) => day(r.start_date) },
    { header: t('cmanagement.export.due_date'), width: 12, value: (r) => day(r.due_date) },
    { header: t('cmanagement.export.open_issues'), width: 12, value: (r) => r.open_issues },
    { header: t('cmanagement.export.issue_count'), width: 12, value: (r) => r.issue_count },
    { header: t('cmanagement.export.progress'), width: 10, value: (r) => r.progress ?? '' },
    ...fields.map((f): SheetColumn<CmTicketRow> => ({
      header: f.name,
      width: 20,
      value: (r) => answerCell(t, f, r.custom_values[String(f.id)], people),
    })),
    { header: t('cmanagement.export.created_at', { zone: tz }), width: 30, value: (r) => when(r.created_at) },
    { header: t('cmanagement.export.updated_at', { zone: tz }), width: 30, value: (r) => when(r.updated_at) },
  ];
}
