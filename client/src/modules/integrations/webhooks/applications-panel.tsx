import { useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { webhookEventCommands } from '#domain/webhooks';
import type { WebhookApplicationRow, WebhookHookRow } from '#domain/webhooks-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { webhookApplicationsQuery } from '../api/webhooks-api.ts';
import {
  useDeleteWebhookApplication,
  useRenewWebhookSecret,
  useWebhookHookCommand,
} from '../api/webhooks-mutations.ts';
import { ApplicationDialog, type ApplicationDialogTarget } from './application-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { TestEventDialog } from './test-event-dialog.tsx';
import { eventLabel, moduleLabel } from './webhook-labels.ts';

/**
 * docs/product.md §2 webhooks "Configuración" tab: the company's applications (or one API app's, with `apiAppId`), each
 * with its events, their URLs and states; create, edit, test, renew the secret, delete, and enable or disable an event.
 */
export function WebhookApplicationsPanel({ apiAppId }: { apiAppId?: number }) {
  const { t } = useTranslation();
  const query = useQuery(webhookApplicationsQuery(apiAppId));
  const [editing, setEditing] = useState<ApplicationDialogTarget | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [testing, setTesting] = useState<WebhookApplicationRow | null>(null);
  const [deleting, setDeleting] = useState<WebhookApplicationRow | null>(null);
  const [renewing, setRenewing] = useState<WebhookApplicationRow | null>(null);
  const remove = useDeleteWebhookApplication();
  const renew = useRenewWebhookSecret();
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Text color="fg.muted">{t('integrations_ui.webhooks.applications_intro')}</Text>
        <Button
          colorPalette="brand"
          minH="44px"
          onClick={() => setEditing({ mode: 'create', apiAppId })}
          data-testid="webhook-app-new"
        >
          {t('integrations_ui.webhooks.new_application')}
        </Button>
      </HStack>
      <QueryState query={query}>
        {(apps) =>
          apps.length === 0 ? (
            <Text color="fg.muted">{t('integrations_ui.webhooks.empty')}</Text>
          ) : (
            <Stack gap="4">
              {apps.map((app) => (
                <Card.Root key={app.id} data-testid={`webhook-app-${app.id}`}>
                  <Card.Header>
                    <HStack justify="space-between" wrap="wrap" gap="2">
                      <Stack gap="0">
                        <Card.Title>{app.name}</Card.Title>
                        <Text fontSize="sm" color="fg.muted">
                          {t('integrations_ui.webhooks.secret_ending', { hint: app.secret_hint })}
                        </Text>
                      </Stack>
                      <HStack
                        gap="2"
                        wrap="wrap"
                        aria-label={t('integrations_ui.webhooks.actions_for', { name: app.name })}
                      >
                        <Button
                          size="sm"
                          minH="44px"
                          variant="outline"
                          onClick={() => setEditing({ mode: 'edit', app })}
                        >
                          {t('integrations_ui.webhooks.edit')}
                        </Button>
                        <Button size="sm" minH="44px" variant="outline" onClick={() => setTesting(app)}>
                          {t('integrations_ui.webhooks.test')}
                        </Button>
                        <Button size="sm" minH="44px" variant="outline" onClick={() => setRenewing(app)}>
                          {t('integrations_ui.webhooks.renew_secret')}
                        </Button>
                        <Button
                          size="sm"
                          minH="44px"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setDeleting(app)}
                        >
                          {t('integrations_ui.webhooks.delete')}
                        </Button>
                      </HStack>
                    </HStack>
                  </Card.Header>
                  <Card.Body>
                    <HooksTable hooks={app.hooks} />
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <ApplicationDialog target={editing} onClose={() => setEditing(null)} onCreated={setSecret} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <TestEventDialog app={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        open={renewing !== null}
        title={t('integrations_ui.webhooks.renew_title')}
        body={t('integrations_ui.webhooks.renew_body', { name: renewing?.name ?? '' })}
        confirmLabel={t('integrations_ui.webhooks.renew_secret')}
        busy={renew.isPending}
        onClose={() => setRenewing(null)}
        onConfirm={() =>
          renewing &&
          renew.mutate(renewing.id, {
            onSuccess: (answer) => setSecret(answer.secret),
            onSettled: () => setRenewing(null),
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('integrations_ui.webhooks.delete_title')}
        body={t('integrations_ui.webhooks.delete_body', { name: deleting?.name ?? '' })}
        confirmLabel={t('integrations_ui.webhooks.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => showSuccessToast(t('integrations_ui.webhooks.deleted')),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Stack>
  );
}

/** The events of one application: module, event, URL, state tag (with why it is off) and its enable/disable button. */
function HooksTable({ hooks }: { hooks: WebhookHookRow[] }) {
  const { t } = useTranslation();
  const command = useWebhookHookCommand();
  const toggle = (hook: WebhookHookRow) => {
    const type = hook.state === 'activo' ? 'webhook.disable' : 'webhook.enable';
    command.mutate(
      { hookId: hook.id, verb: webhookEventCommands[type].verb },
      { onSuccess: () => showSuccessToast(t('integrations_ui.webhooks.saved')) },
    );
  };
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('integrations_ui.webhooks.module')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              {t('integrations_ui.webhooks.event')} · {t('integrations_ui.webhooks.url')}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('integrations_ui.webhooks.state')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {hooks.map((hook) => (
            <Table.Row key={hook.id} data-testid={`webhook-hook-${hook.id}`}>
              <Table.Cell>{moduleLabel(t, hook.module)}</Table.Cell>
              <Table.Cell maxW="320px">
                <Text>{eventLabel(t, hook.event)}</Text>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {hook.url}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Stack gap="1">
                  <Badge colorPalette={hook.state === 'activo' ? 'green' : 'red'} alignSelf="flex-start">
                    {t(`machines.webhookEvent.states.${hook.state}`)}
                  </Badge>
                  {hook.disabled_reason ? (
                    <Text fontSize="xs" color="fg.muted">
                      {t(`machines.webhookEvent.disabledReasons.${hook.disabled_reason}`)}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="sm"
                  minH="44px"
                  variant="outline"
                  loading={command.isPending && command.variables?.hookId === hook.id}
                  onClick={() => toggle(hook)}
                >
                  {t(hook.state === 'activo' ? 'integrations_ui.webhooks.disable' : 'integrations_ui.webhooks.enable')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
