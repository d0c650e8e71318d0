import { useTranslation } from 'react-i18next';
import type { ApiAppCredentials } from '#domain/api-apps-responses';
import { CopyLine, ShownOnceDialog } from '../../../widgets/shown-once-dialog.tsx';
import { copyTexts } from '../components/copy-texts.ts';

/** The client id and secret of a new or rotated app, the secret shown this once. */
export function SecretDialog({ credentials, onClose }: { credentials: ApiAppCredentials | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      open={credentials !== null}
      title={t('integrations_ui.api_apps.secret_title', { name: credentials?.name ?? '' })}
      notice={t('integrations_ui.api_apps.secret_once')}
      doneLabel={t('integrations_ui.common.secret_done')}
      onClose={onClose}
      testId="api-app-secret-dialog"
    >
      <CopyLine
        texts={copyTexts(t)}
        label={t('integrations_ui.api_apps.client_id')}
        value={credentials?.client_id ?? ''}
      />
      <CopyLine
        texts={copyTexts(t)}
        label={t('integrations_ui.api_apps.client_secret')}
        value={credentials?.client_secret ?? ''}
        testId="api-app-secret"
      />
    </ShownOnceDialog>
  );
}
