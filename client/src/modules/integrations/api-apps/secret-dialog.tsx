import { useState } from 'react';
import { Alert, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ApiAppCredentials } from '#domain/api-apps-responses';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';

/**
 * The client secret of a new or rotated app, shown this once: the server never answers it again, and it is not
 * kept in any cache. Closing the dialog forgets it.
 */
export function SecretDialog({ credentials, onClose }: { credentials: ApiAppCredentials | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={credentials !== null} onOpenChange={(d) => !d.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-app-secret-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t('integrations_ui.api_apps.secret_title', { name: credentials?.name ?? '' })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Title>{t('integrations_ui.api_apps.secret_once')}</Alert.Title>
                </Alert.Root>
                <CopyLine label={t('integrations_ui.api_apps.client_id')} value={credentials?.client_id ?? ''} />
                <CopyLine
                  label={t('integrations_ui.api_apps.client_secret')}
                  value={credentials?.client_secret ?? ''}
                  testId="api-app-secret"
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} data-testid="api-app-secret-done">
                {t('integrations_ui.api_apps.done')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A value with a copy button (docs/product.md §8: a failed copy says so). */
export function CopyLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        showSuccessToast(t('integrations_ui.api_apps.copied'));
      },
      () => showErrorToast(0, t('integrations_ui.api_apps.copy_failed')),
    );
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <HStack gap="2" align="stretch">
        <Code flex="1" minW="0" px="3" py="2" fontSize="sm" wordBreak="break-all" data-testid={testId}>
          {value}
        </Code>
        <Button size="sm" minH="44px" variant="outline" onClick={() => void copy()}>
          {t(copied ? 'integrations_ui.api_apps.copied' : 'integrations_ui.api_apps.copy')}
        </Button>
      </HStack>
    </Stack>
  );
}
