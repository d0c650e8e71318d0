import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, Checkbox, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationPreference } from '#domain/schemas/notifications';
import { showSuccessToast } from '../../api/notify.ts';
import { PageHeader } from '../../shared/layout/page-states.tsx';
import { preferencesQuery, useSavePreferences } from './notifications-api.ts';

type Choice = Pick<NotificationPreference, 'in_app' | 'email'>;

/**
 * /config/notificaciones/configuracion (docs/product.md §2): per event, the channels (in the app, e-mail).
 * E-mail is offered only to users the mail can reach (owners need a verified address, docs/product.md §5).
 */
export function ConfiguracionPage() {
  const { t } = useTranslation();
  const prefs = useQuery(preferencesQuery);
  const [draft, setDraft] = useState<Record<string, Choice>>({});
  useEffect(() => {
    if (prefs.data) setDraft(Object.fromEntries(prefs.data.map((p) => [p.type, { in_app: p.in_app, email: p.email }])));
  }, [prefs.data]);
  const changed = useMemo(
    () =>
      (prefs.data ?? []).filter(
        (p) => draft[p.type] && (draft[p.type].in_app !== p.in_app || draft[p.type].email !== p.email),
      ),
    [prefs.data, draft],
  );
  const save = useSavePreferences();
  const submit = () =>
    save.mutate(
      changed.map((p) => ({ type: p.type, ...draft[p.type] })),
      { onSuccess: (res) => showSuccessToast(res.message) },
    );

  const groups = useMemo(() => {
    const map = new Map<string, NotificationPreference[]>();
    for (const p of prefs.data ?? []) map.set(p.group, [...(map.get(p.group) ?? []), p]);
    return [...map.entries()];
  }, [prefs.data]);
  const emailAvailable = prefs.data?.[0]?.email_available ?? true;
  const set = (type: string, channel: keyof Choice, value: boolean) =>
    setDraft((d) => ({ ...d, [type]: { ...d[type], [channel]: value } }));

  if (prefs.isPending)
    return (
      <Box p="6" textAlign="center">
        <Spinner />
      </Box>
    );
  return (
    <Box>
      <PageHeader
        title={t('notifications.settings.title')}
        subtitle={t('notifications.settings.description')}
        actions={
          <Button
            colorPalette="brand"
            size="sm"
            disabled={changed.length === 0}
            loading={save.isPending}
            onClick={submit}
            data-testid="save-preferences"
          >
            {t('notifications.settings.save')}
          </Button>
        }
      />
      {emailAvailable ? null : (
        <Text mb="3" color="orange.fg" textStyle="sm" data-testid="email-unavailable">
          {t('notifications.settings.email_unavailable')}
        </Text>
      )}
      <Stack gap="4">
        {groups.map(([group, items]) => (
          <Card.Root key={group} variant="outline">
            <Card.Header pb="0">
              <Heading as="h2" size="sm">
                {group}
              </Heading>
            </Card.Header>
            <Card.Body pt="2" overflowX="auto">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('notifications.settings.event')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="center" w="32">
                      {t('notifications.settings.in_app')}
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="center" w="32">
                      {t('notifications.settings.email')}
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((p) => (
                    <Table.Row key={p.type} data-testid={`pref-${p.type}`}>
                      <Table.Cell>{p.label}</Table.Cell>
                      <Table.Cell textAlign="center">
                        <ChannelBox
                          label={`${p.label}: ${t('notifications.settings.in_app')}`}
                          checked={draft[p.type]?.in_app ?? p.in_app}
                          onChange={(v) => set(p.type, 'in_app', v)}
                        />
                      </Table.Cell>
                      <Table.Cell textAlign="center">
                        <ChannelBox
                          label={`${p.label}: ${t('notifications.settings.email')}`}
                          checked={draft[p.type]?.email ?? p.email}
                          disabled={!p.email_available}
                          onChange={(v) => set(p.type, 'email', v)}
                        />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Box>
  );
}

function ChannelBox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      display="inline-flex"
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
