import type { TFunction } from 'i18next';
import type { CopyTexts } from '../../../widgets/shown-once-dialog.tsx';

/** The integrations' words for the shown-once dialog's copy buttons (client/src/widgets/shown-once-dialog.tsx). */
export const copyTexts = (t: TFunction): CopyTexts => ({
  copy: t('integrations_ui.common.copy'),
  copied: t('integrations_ui.common.copied'),
  failed: t('integrations_ui.common.copy_failed'),
});
