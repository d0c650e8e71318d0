import { asc, eq } from 'drizzle-orm';
import { formatDate } from '#domain/format';
import type { ActivityRow } from '#domain/quality-responses';
import type { DbOrTx } from '../../../../db/client.ts';
import { qualityAttributes, qualityAttributeValues } from '../../../../db/schema/index.ts';
import type { Translate } from '../../../../lib/i18n.ts';
import type { SheetColumn } from '../../../../lib/spreadsheet.ts';

/**
 * GET calidad/actividades/exportar (docs/product.md §7 exports): the list's rows in tree order, one column per
 * field and one per attribute of the company (the value's name), headers in the caller's language.
 */
export async function activityColumns(
  db: DbOrTx,
  companyId: number,
  t: Translate,
): Promise<SheetColumn<ActivityRow>[]> {
  const [attributes, values] = await Promise.all([
    db
      .select({ id: qualityAttributes.id, name: qualityAttributes.name })
      .from(qualityAttributes)
      .where(eq(qualityAttributes.companyId, companyId))
      .orderBy(asc(qualityAttributes.position), asc(qualityAttributes.id)),
    db
      .select({ id: qualityAttributeValues.id, name: qualityAttributeValues.name })
      .from(qualityAttributeValues)
      .where(eq(qualityAttributeValues.companyId, companyId)),
  ]);
  const names = new Map(values.map((v) => [v.id, v.name]));
  const day = (d: string | null) => (d ? formatDate(d) : '');
  const columns: SheetColumn<ActivityRow>[] = [
    { header: t('quality.export.code'), width: 12, value: (r) => r.code ?? '' },
    { header: t('quality.export.description'), width: 48, value: (r) => r.description },
    { header: t('quality.export.level'), width: 8, value: (r) => r.level },
    { header: t('quality.export.estimated_start'), width: 14, value: (r) => day(r.estimated_start) },
    { header: t('quality.export.estimated_end'), width: 14, value: (r) => day(r.estimated_end) },
    { header: t('quality.export.actual_start'), width: 14, value: (r) => day(r.actual_start) },
    { header: t('quality.export.actual_end'), width: 14, value: (r) => day(r.actual_end) },
    { header: t('quality.export.progress'), width: 10, value: (r) => r.progress },
    { header: t('quality.export.estimated_cost'), width: 16, value: (r) => r.estimated_cost },
    { header: t('quality.export.actual_cost'), width: 16, value: (r) => r.actual_cost },
    { header: t('quality.export.currency'), width: 10, value: (r) => r.currency ?? '' },
  ];
  for (const a of attributes)
    columns.push({
      header: a.name,
      width: 18,
      value: (r) => {
        const v = r.values[String(a.id)];
        return v === undefined ? '' : (names.get(v) ?? '');
      },
    });
  return columns;
}
