import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppIdParam } from './use-app-id.ts';

/**
 * docs/product.md §2 config integraciones apps/{appId}/hooks: the webhook applications of this API app. The app's
 * header and tabs are ApiAppLayout's; the panel itself belongs to the webhooks sub-feature.
 */
export function AppHooksPage() {
  const appId = useAppIdParam();
  // INTEGRATION POINT: replace AppHooksPanelSlot with the webhooks panel (same `apiAppId` prop), one import.
  return <AppHooksPanelSlot apiAppId={appId} />;
}

/** Stands where the webhooks sub-feature's panel goes, until it is wired (see AppHooksPage). */
function AppHooksPanelSlot({ apiAppId }: { apiAppId: number }) {
  const { t } = useTranslation();
  return (
    <Box
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="md"
      p="6"
      data-testid="app-hooks-slot"
      data-app-id={apiAppId}
    >
      <Text color="fg.muted">{t('integrations_ui.api_apps.hooks_slot')}</Text>
    </Box>
  );
}
