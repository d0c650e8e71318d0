import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserLimit, UserLimits } from '#domain/users-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { formatDate } from '../../../shared/format.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { userLimitsQuery } from './api/users-api.ts';
import { useSaveLimits } from './api/user-mutations.ts';

type Drafts = Record<string, string>;
const keyOf = (l: Pick<UserLimit, 'scope' | 'id'>) => `${l.scope}:${l.id}`;
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * docs/product.md §1 active-user limits: per company, project group and project, each with its count of active users
 * and when it was last reached (the provider was told, §6). The company's admin (config_usuarios_limites) edits them;
 * empty is unlimited.
 */
export function LimitsPanel() {
  const { t } = useTranslation();
  const query = useQuery(userLimitsQuery());
  return (
    <Card.Root data-testid="user-limits">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('config_users_ui.limits.title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <QueryState query={query}>{(data) => <LimitsTable data={data} />}</QueryState>
      </Card.Body>
    </Card.Root>
  );
}

function LimitsTable({ data }: { data: UserLimits }) {
  const { t, i18n } = useTranslation();
  const save = useSaveLimits();
  const [drafts, setDrafts] = useState<Drafts>({});
  const rows: UserLimit[] = [data.company, ...data.groups, ...data.projects];
  const draftOf = (l: UserLimit) => drafts[keyOf(l)] ?? (l.limit === null ? '' : String(l.limit));
  const changed = rows.filter((l) => drafts[keyOf(l)] !== undefined && limitOf(draftOf(l)) !== l.limit);
  const invalid = changed.some((l) => {
    const v = limitOf(draftOf(l));
    return v !== null && (!Number.isInteger(v) || v < 0);
  });
  const submit = () =>
    save.mutate(
      {
        ...(changed.some((l) => l.scope === 'company') ? { company: limitOf(draftOf(data.company)) } : {}),
        groups: changed.filter((l) => l.scope === 'group').map((l) => ({ id: l.id, limit: limitOf(draftOf(l)) })),
        projects: changed.filter((l) => l.scope === 'project').map((l) => ({ id: l.id, limit: limitOf(draftOf(l)) })),
      },
      {
        onSuccess: (answer) => {
          setDrafts({});
          if (answer.message) showSuccessToast(answer.message);
        },
      },
    );
  return (
    <Stack gap="3">
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('config_users_ui.limits.scope')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('config_users_ui.limits.active')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('config_users_ui.limits.limit')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('config_users_ui.limits.last_reached')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((l) => {
              const full = l.limit !== null && l.active >= l.limit;
              const label = `${t(`config_users_ui.limits.scopes.${l.scope}`)}: ${l.name}`;
              return (
                <Table.Row key={keyOf(l)} data-testid={`limit-${keyOf(l)}`}>
                  <Table.Cell>{label}</Table.Cell>
                  <Table.Cell>
                    {l.active}
                    {full ? (
                      <Badge ms="2" colorPalette="red" variant="subtle">
                        {t('config_users_ui.limits.full')}
                      </Badge>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    {data.can_edit ? (
                      <Input
                        size="sm"
                        maxW="28"
                        minH="11"
                        inputMode="numeric"
                        aria-label={t('config_users_ui.limits.limit_of', { name: label })}
                        placeholder={t('config_users_ui.limits.unlimited')}
                        value={draftOf(l)}
                        onChange={(e) => setDrafts((d) => ({ ...d, [keyOf(l)]: e.target.value.replace(/[^\d]/g, '') }))}
                      />
                    ) : (
                      <Text>{l.limit ?? t('config_users_ui.limits.unlimited')}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {l.last_reached_at
                      ? formatDate(l.last_reached_at, i18n.language as AppLocale, {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        })
                      : '—'}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      {data.can_edit ? (
        <Button
          alignSelf="flex-start"
          colorPalette="brand"
          minH="11"
          disabled={!changed.length || invalid}
          loading={save.isPending}
          onClick={submit}
        >
          {t('config_users_ui.limits.save')}
        </Button>
      ) : null}
    </Stack>
  );
}
