import { useState } from 'react';
import { Badge, Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LOG_MAX } from '#domain/limits';
import { WEBHOOK_ATTEMPT_STATUSES, WEBHOOK_HISTORY_DELAY_MINUTES, type WebhookAttemptStatus } from '#domain/webhooks';
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from '#domain/webhook-events';
import type { WebhookLogRow } from '#domain/webhooks-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { webhookApplicationsQuery, webhookLogsQuery } from '../api/webhooks-api.ts';
import { useReplayFailedWebhooks } from '../api/webhooks-mutations.ts';
import { LogDetailsDialog } from './log-details-dialog.tsx';
import { eventLabel, moduleLabel } from './webhook-labels.ts';

type Filters = { application: string; event: string; status: string };

/**
 * docs/product.md §2 webhooks "Historial" tab: the latest attempts (at most 100, §9), newest first, filtered by
 * application, event and status; a row opens its details and replay; failed deliveries since a moment can be replayed.
 */
export function WebhookHistoryTab() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ application: '', event: '', status: '' });
  const [open, setOpen] = useState<WebhookLogRow | null>(null);
  const apps = useQuery(webhookApplicationsQuery());
  const query = useQuery(
    webhookLogsQuery({
      ...(filters.application ? { application_id: Number(filters.application) } : {}),
      ...(filters.event ? { event: filters.event as WebhookEventName } : {}),
      ...(filters.status ? { status: filters.status as WebhookAttemptStatus } : {}),
    }),
  );
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const all = t('integrations_ui.webhooks.all');
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {t('integrations_ui.webhooks.history_note', { max: WEBHOOK_LOG_MAX, minutes: WEBHOOK_HISTORY_DELAY_MINUTES })}
      </Text>
      <HStack gap="3" align="flex-end" wrap="wrap" css={{ '& > *': { flex: '1 1 200px' } }}>
        <SelectField
          label={t('integrations_ui.webhooks.application')}
          value={filters.application}
          onChange={set('application')}
          placeholder={all}
          options={(apps.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        />
        <SelectField
          label={t('integrations_ui.webhooks.event')}
          value={filters.event}
          onChange={set('event')}
          placeholder={all}
          options={WEBHOOK_EVENT_NAMES.map((e) => ({ value: e, label: eventLabel(t, e) }))}
        />
        <SelectField
          label={t('integrations_ui.webhooks.status')}
          value={filters.status}
          onChange={set('status')}
          placeholder={all}
          options={WEBHOOK_ATTEMPT_STATUSES.map((s) => ({
            value: s,
            label: t(`integrations_ui.webhooks.statuses.${s}`),
          }))}
        />
      </HStack>
      <ReplayFailedForm applicationId={filters.application ? Number(filters.application) : undefined} />
      <QueryState query={query}>
        {(rows) =>
          rows.length === 0 ? (
            <Text color="fg.muted">{t('integrations_ui.webhooks.history_empty')}</Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" interactive data-testid="webhook-logs">
                <Table.Header>
                  <Table.Row>
                    {['date_time', 'application', 'event', 'attempt', 'status'].map((c) => (
                      <Table.ColumnHeader key={c}>{t(`integrations_ui.webhooks.${c}`)}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((log) => (
                    <Table.Row
                      key={log.id}
                      cursor="pointer"
                      onClick={() => setOpen(log)}
                      data-testid={`webhook-log-${log.id}`}
                    >
                      <Table.Cell whiteSpace="nowrap">{dateTimeText(log.date_time, i18n.language)}</Table.Cell>
                      <Table.Cell>{log.application.name}</Table.Cell>
                      <Table.Cell maxW="280px">
                        <Button
                          variant="plain"
                          size="sm"
                          px="0"
                          h="auto"
                          whiteSpace="normal"
                          onClick={() => setOpen(log)}
                        >
                          {eventLabel(t, log.event)}
                        </Button>
                        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                          {moduleLabel(t, log.module)} · {log.url}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>{log.attempt}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={log.status === 'entregado' ? 'green' : 'red'}>
                          {t(`integrations_ui.webhooks.statuses.${log.status}`)}
                          {log.http_status ? ` · ${log.http_status}` : ''}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )
        }
      </QueryState>
      <LogDetailsDialog log={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** Replays every failed delivery (of the filtered application, if any) since a local date and time. */
function ReplayFailedForm({ applicationId }: { applicationId?: number }) {
  const { t } = useTranslation();
  const [since, setSince] = useState('');
  const replay = useReplayFailedWebhooks();
  const submit = () =>
    replay.mutate(
      { since: new Date(since).toISOString(), ...(applicationId ? { application_id: applicationId } : {}) },
      { onSuccess: (r) => showSuccessToast(t('integrations_ui.webhooks.replay_queued', { count: r.queued })) },
    );
  return (
    <HStack gap="3" align="flex-end" wrap="wrap">
      <Field.Root maxW="280px">
        <Field.Label>{t('integrations_ui.webhooks.replay_since')}</Field.Label>
        <Input
          type="datetime-local"
          value={since}
          onChange={(e) => setSince(e.target.value)}
          data-testid="webhook-replay-since"
        />
      </Field.Root>
      <Button variant="outline" minH="44px" disabled={!since} loading={replay.isPending} onClick={submit}>
        {t('integrations_ui.webhooks.replay_failed')}
      </Button>
    </HStack>
  );
}
