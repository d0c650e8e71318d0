import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CopyLine, ShownOnceDialog } from '../../../widgets/shown-once-dialog.tsx';
import { copyTexts } from '../components/copy-texts.ts';

/** An application's signing secret, shown once on create and renew (docs/product.md §3 Webhook application). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      open={secret !== null}
      title={t('integrations_ui.webhooks.secret_title')}
      notice={t('integrations_ui.webhooks.secret_once')}
      doneLabel={t('integrations_ui.common.secret_done')}
      onClose={onClose}
      testId="webhook-secret-dialog"
    >
      <CopyLine
        texts={copyTexts(t)}
        label={t('integrations_ui.webhooks.secret_label')}
        value={secret ?? ''}
        testId="webhook-secret"
      />
      <Text fontSize="sm" color="fg.muted">
        {t('integrations_ui.webhooks.secret_hint_text')}
      </Text>
    </ShownOnceDialog>
  );
}
