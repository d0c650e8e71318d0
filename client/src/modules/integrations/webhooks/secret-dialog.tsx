import { useState } from 'react';
import { Alert, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../widgets/close-button.tsx';

/**
 * docs/product.md §3 "secret key (shown once, renewable)": the create and renew answers are the only ones carrying
 * the secret; this dialog shows it with a copy button and says it will not be shown again.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? '');
    setCopied(true);
  };
  return (
    <Dialog.Root
      open={secret !== null}
      onOpenChange={(d) => {
        if (!d.open) {
          setCopied(false);
          onClose();
        }
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="webhook-secret-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('integrations_ui.webhooks.secret_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Description>{t('integrations_ui.webhooks.secret_once')}</Alert.Description>
                </Alert.Root>
                <HStack gap="2" align="stretch">
                  <Code flex="1" p="2" wordBreak="break-all" data-testid="webhook-secret">
                    {secret}
                  </Code>
                  <Button variant="outline" minH="44px" onClick={() => void copy()}>
                    {t(copied ? 'integrations_ui.webhooks.copied' : 'integrations_ui.webhooks.copy')}
                  </Button>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t('integrations_ui.webhooks.secret_hint_text')}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose}>
                {t('integrations_ui.webhooks.secret_done')}
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
