import { useEffect, useState } from 'react';
import { Badge, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WebhookApplicationRow } from '#domain/webhooks-responses';
import type { WebhookEventName } from '#domain/webhook-events';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { useSendWebhookTest } from '../api/webhooks-mutations.ts';
import { eventLabel } from './webhook-labels.ts';

/**
 * docs/product.md §2 test-event dialog: one of the application's events is sent at once with a sample payload, signed
 * like every delivery; the receiver's status, the latency and its answer are shown.
 */
export function TestEventDialog({ app, onClose }: { app: WebhookApplicationRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [event, setEvent] = useState('');
  const send = useSendWebhookTest();
  const { reset } = send;
  // A new application starts a fresh test.
  useEffect(() => {
    setEvent(app?.hooks[0]?.event ?? '');
    reset();
  }, [app, reset]);
  const result = send.data;
  return (
    <Dialog.Root open={app !== null} onOpenChange={(d) => !d.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="webhook-test-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('integrations_ui.webhooks.test_title', { name: app?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <SelectField
                  label={t('integrations_ui.webhooks.event')}
                  value={event}
                  onChange={setEvent}
                  options={(app?.hooks ?? []).map((h) => ({ value: h.event, label: eventLabel(t, h.event) }))}
                  testId="webhook-test-event"
                />
                {result ? (
                  <Stack gap="2" data-testid="webhook-test-result">
                    <HStack gap="3" wrap="wrap">
                      <Badge colorPalette={result.ok ? 'green' : 'red'}>
                        {result.http_status ?? t('integrations_ui.webhooks.no_answer')}
                      </Badge>
                      <Text fontSize="sm">{t('integrations_ui.webhooks.latency', { ms: result.duration_ms })}</Text>
                    </HStack>
                    {result.error ? <Text color="fg.error">{result.error}</Text> : null}
                    <Text fontWeight="medium">{t('integrations_ui.webhooks.response')}</Text>
                    <Code as="pre" p="2" whiteSpace="pre-wrap" wordBreak="break-all" maxH="240px" overflow="auto">
                      {result.response || t('integrations_ui.webhooks.empty_body')}
                    </Code>
                  </Stack>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('integrations_ui.webhooks.close')}
              </Button>
              <Button
                colorPalette="brand"
                loading={send.isPending}
                disabled={!event}
                onClick={() => app && send.mutate({ id: app.id, event: event as WebhookEventName })}
                data-testid="webhook-test-send"
              >
                {t('integrations_ui.webhooks.send_test')}
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
