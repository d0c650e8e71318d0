import { Badge, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WebhookLogRow } from '#domain/webhooks-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useReplayWebhookDelivery } from '../api/webhooks-mutations.ts';
import { eventLabel } from './webhook-labels.ts';

function Block({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{label}</Text>
      <Code as="pre" p="2" whiteSpace="pre-wrap" wordBreak="break-all" maxH="220px" overflow="auto">
        {value}
      </Code>
    </Stack>
  );
}

const pretty = (json: string) => {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};

/** One attempt of the history (docs/product.md §3 Webhook log): signature, content and response, and its replay. */
export function LogDetailsDialog({ log, onClose }: { log: WebhookLogRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const replay = useReplayWebhookDelivery();
  return (
    <Dialog.Root
      open={log !== null}
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="webhook-log-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {log
                  ? `${eventLabel(t, log.event)} · ${t('integrations_ui.webhooks.attempt_n', { n: log.attempt })}`
                  : ''}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {log ? (
                <Stack gap="3">
                  <HStack gap="3" wrap="wrap">
                    <Badge colorPalette={log.status === 'entregado' ? 'green' : 'red'}>
                      {t(`integrations_ui.webhooks.statuses.${log.status}`)}
                    </Badge>
                    <Text fontSize="sm">{log.http_status ?? t('integrations_ui.webhooks.no_answer')}</Text>
                    {log.duration_ms !== null ? (
                      <Text fontSize="sm">{t('integrations_ui.webhooks.latency', { ms: log.duration_ms })}</Text>
                    ) : null}
                  </HStack>
                  <Text fontSize="sm" wordBreak="break-all">
                    {log.url} · {log.message_id}
                  </Text>
                  {log.error ? <Text color="fg.error">{log.error}</Text> : null}
                  <Block label={t('integrations_ui.webhooks.signature')} value={log.signature} />
                  <Block label={t('integrations_ui.webhooks.content')} value={pretty(log.content)} />
                  <Block
                    label={t('integrations_ui.webhooks.response')}
                    value={log.response ? pretty(log.response) : t('integrations_ui.webhooks.response_not_kept')}
                  />
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('integrations_ui.webhooks.close')}
              </Button>
              {log?.delivery_id ? (
                <Button
                  colorPalette="brand"
                  loading={replay.isPending}
                  onClick={() =>
                    log.delivery_id &&
                    replay.mutate(log.delivery_id, {
                      onSuccess: () => {
                        showSuccessToast(t('integrations_ui.webhooks.replay_queued', { count: 1 }));
                        onClose();
                      },
                    })
                  }
                  data-testid="webhook-log-replay"
                >
                  {t('integrations_ui.webhooks.replay')}
                </Button>
              ) : null}
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
