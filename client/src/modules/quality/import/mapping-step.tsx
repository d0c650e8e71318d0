import { IMPORT_FIELDS } from '#domain/quality';
import type { QualityAttribute } from '#domain/quality-responses';
import type { MappingTarget } from '../../../widgets/sheet-import/column-mapping-step.tsx';

const T = 'quality_ui.import';

/**
 * The targets a column may take in the import wizard's mapping step (widgets/sheet-import): ignore, the activity's
 * fields, then the attributes (`attribute:<id>`).
 */
export function targetOptions(
  attributes: QualityAttribute[],
  t: (key: string, o?: Record<string, unknown>) => string,
): MappingTarget[] {
  return [
    { value: '', label: t(`${T}.ignore`) },
    ...IMPORT_FIELDS.map((f) => ({ value: f, label: t(`${T}.fields.${f}`) })),
    ...attributes.map((a) => ({ value: `attribute:${a.id}`, label: t(`${T}.attribute_target`, { name: a.name }) })),
  ];
}
