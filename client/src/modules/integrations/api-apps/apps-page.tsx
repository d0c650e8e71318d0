import { useState } from 'react';
import { Badge, Button, Code, Link, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApiAppCredentials, ApiAppRow } from '#domain/api-apps-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { apiAppsQuery } from '../api/api-apps-api.ts';
import { useRevokeApiApp, useRotateApiAppSecret } from '../api/api-app-mutations.ts';
import { AppActions } from './app-actions.tsx';
import { AppFormDialog } from './app-form-dialog.tsx';
import { AppStateBadge } from './app-state-badge.tsx';
import { SecretDialog } from './secret-dialog.tsx';

/** docs/product.md §2 config integraciones apps: the company's API apps; create, edit, rotate, revoke. */
export function ApiAppsPage() {
  const { t } = useTranslation();
  const query = useQuery(apiAppsQuery);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ApiAppCredentials | null>(null);
  return (
    <Stack gap="4">
      <PageHeader
        title={t('integrations_ui.api_apps.apps_title')}
        subtitle={t('integrations_ui.api_apps.apps_intro')}
        actions={
          <Button colorPalette="brand" minH="44px" onClick={() => setCreating(true)} data-testid="api-app-new">
            {t('integrations_ui.api_apps.new_app')}
          </Button>
        }
      />
      <QueryState query={query}>{(rows) => <AppsTable rows={rows} onSecret={setSecret} />}</QueryState>
      <AppFormDialog open={creating} onClose={() => setCreating(false)} onCreated={setSecret} />
      <SecretDialog credentials={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

type Pending = { app: ApiAppRow; action: 'rotate' | 'revoke' } | null;

function AppsTable({ rows, onSecret }: { rows: ApiAppRow[]; onSecret: (c: ApiAppCredentials) => void }) {
  const { t, i18n } = useTranslation();
  const rotate = useRotateApiAppSecret();
  const revoke = useRevokeApiApp();
  const [editing, setEditing] = useState<ApiAppRow | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  if (rows.length === 0) return <Text color="fg.muted">{t('integrations_ui.api_apps.empty')}</Text>;
  const confirm = () => {
    if (!pending) return;
    const onSettled = () => setPending(null);
    if (pending.action === 'rotate') rotate.mutate(pending.app.id, { onSuccess: onSecret, onSettled });
    else
      revoke.mutate(pending.app.id, {
        onSuccess: () => showSuccessToast(t('integrations_ui.api_apps.revoked')),
        onSettled,
      });
  };
  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={t('integrations_ui.api_apps.list')} data-testid="api-apps-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('integrations_ui.api_apps.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations_ui.api_apps.client_id')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations_ui.api_apps.scope')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations_ui.api_apps.last_used')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations_ui.api_apps.state')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((app) => {
              return (
                <Table.Row key={app.id} data-testid={`api-app-${app.id}`}>
                  <Table.Cell>
                    <Link asChild fontWeight="medium" colorPalette="brand">
                      <RouterLink to={`${app.id}/logs`}>{app.name}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>
                    <Code fontSize="xs">{app.client_id}</Code>
                  </Table.Cell>
                  <Table.Cell>
                    <Wrap gap="1">
                      {app.scope.map((flag) => (
                        <Badge key={flag} variant="outline" title={t(`permissions.${flag}`)}>
                          {flag}
                        </Badge>
                      ))}
                    </Wrap>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {app.last_used_at
                      ? dateTimeText(app.last_used_at, i18n.language)
                      : t('integrations_ui.api_apps.never_used')}
                  </Table.Cell>
                  <Table.Cell>
                    <AppStateBadge state={app.state} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <AppActions
                      app={app}
                      onAction={(action) => (action === 'edit' ? setEditing(app) : setPending({ app, action }))}
                    />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <AppFormDialog open={editing !== null} app={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={t(`integrations_ui.api_apps.${pending?.action ?? 'rotate'}_title`)}
        body={t(`integrations_ui.api_apps.${pending?.action ?? 'rotate'}_body`, { name: pending?.app.name ?? '' })}
        confirmLabel={t(`integrations_ui.api_apps.${pending?.action ?? 'rotate'}`)}
        danger
        busy={rotate.isPending || revoke.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        testId="api-app-confirm"
      />
    </>
  );
}
