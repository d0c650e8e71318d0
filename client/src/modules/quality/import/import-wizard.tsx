import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SheetImportWizard } from '../../../widgets/sheet-import/sheet-import-wizard.tsx';
import { attributesQuery } from '../api/attributes.ts';
import { useImportPreview, useImportSheet, useRunImport } from '../api/imports.ts';
import { targetOptions } from './mapping-step.tsx';
import { PreviewStep } from './preview-step.tsx';

/**
 * The activity import wizard (docs/product.md §2 construction progress: value-import wizard in 3 steps): upload an
 * xlsx or csv, map its columns to the activity's fields or attributes, preview every row's errors, then import in one
 * go (widgets/sheet-import). Only a sheet without errors is imported.
 */
export function ImportWizard({ projectId, open, onClose }: { projectId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const attributes = useQuery({ ...attributesQuery(), enabled: open });
  const sheet = useImportSheet();
  const preview = useImportPreview();
  const run = useRunImport(projectId);
  return (
    <SheetImportWizard
      projectId={projectId}
      open={open}
      onClose={onClose}
      texts="quality_ui.import"
      targets={targetOptions(attributes.data ?? [], t)}
      sheet={sheet}
      preview={preview}
      run={run}
      importable={(p) => (p.error_count === 0 ? p.valid_count : 0)}
      renderPreview={(p, { running, result }) => (
        <PreviewStep preview={p} attributes={attributes.data ?? []} running={running} result={result} />
      )}
    />
  );
}
