import { formatDate } from '#domain/format';
import type { PlacementRow } from '#domain/concrete-placements-responses';
import type { Translate } from '../../../lib/i18n.ts';
import type { SheetColumn } from '../../../lib/spreadsheet.ts';

/** GET hormigon/vaciados/exportar (docs/product.md §7 exports): one column per field, headers in the caller's language. */
export function placementColumns(t: Translate): SheetColumn<PlacementRow>[] {
  const h = (key: string) => t(`concrete.export.${key}`);
  const day = (d: string | null) => (d ? formatDate(d) : '');
  const axes = (r: PlacementRow) => [r.axis_1, r.axis_2, r.axis_3, r.axis_4].filter(Boolean).join(' / ');
  return [
    { header: h('number'), width: 8, value: (r) => r.number },
    { header: h('state'), width: 14, value: (r) => t(`machines.placement.states.${r.state}`) },
    { header: h('element'), width: 16, value: (r) => r.element.name },
    { header: h('m3'), width: 8, value: (r) => r.m3 },
    { header: h('location'), width: 18, value: (r) => r.location },
    { header: h('unit'), width: 16, value: (r) => r.unit },
    { header: h('zone_cycle'), width: 14, value: (r) => r.zone_cycle ?? '' },
    { header: h('axes'), width: 16, value: axes },
    { header: h('company'), width: 24, value: (r) => r.concrete_company.name },
    { header: h('type'), width: 18, value: (r) => r.concrete_type.designation },
    { header: h('scheduled_on'), width: 14, value: (r) => day(r.scheduled_on) },
    { header: h('poured_on'), width: 14, value: (r) => day(r.poured_on) },
    { header: h('guides_m3'), width: 10, value: (r) => r.guides_m3 },
    { header: h('batch'), width: 10, value: (r) => (r.batch ? `L-${r.batch.number}` : '') },
    { header: h('batch_state'), width: 14, value: (r) => (r.batch ? t(`machines.batch.states.${r.batch.state}`) : '') },
    { header: h('samples'), width: 10, value: (r) => r.samples_count },
    { header: h('tested'), width: 10, value: (r) => r.tested_count },
  ];
}
