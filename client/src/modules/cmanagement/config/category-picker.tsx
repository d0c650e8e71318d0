import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CmCategoryRow } from '#domain/cmanagement-responses';
import { SelectField } from '../../../widgets/form-fields.tsx';

/** The category a config page shows, kept in `?category=` (so a reload or a shared link keeps it); first by default. */
export function useChosenCategory(rows: readonly CmCategoryRow[]) {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('category'));
  const chosen = rows.find((c) => c.id === wanted) ?? rows[0] ?? null;
  const choose = (id: number) =>
    setParams(
      (p) => {
        p.set('category', String(id));
        return p;
      },
      { replace: true },
    );
  return { chosen, choose };
}

export function CategoryPicker({
  rows,
  value,
  onChange,
}: {
  rows: readonly CmCategoryRow[];
  value: CmCategoryRow;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('cmanagement_ui.config.category')}
      value={String(value.id)}
      onChange={(v) => onChange(Number(v))}
      options={rows.map((c) => ({
        value: String(c.id),
        label: c.enabled ? c.name : t('cmanagement_ui.config.category_disabled', { name: c.name }),
      }))}
      testId="config-category"
    />
  );
}
