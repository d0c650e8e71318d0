import { useState } from 'react';
import { Button, Card, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProcoreProjectLink, ProcoreRemoteProject } from '#domain/procore-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { procoreProjectLinksQuery, useSaveProcoreProjectLinks } from '../api/procore-api.ts';

/**
 * Which Procore project each visible project sends its failures to. The choices are the projects "Probar conexión"
 * brought; before that, only the saved links are shown (as their Procore ids).
 */
export function ProcoreProjectsTable({ remote }: { remote: ProcoreRemoteProject[] | null }) {
  const { t } = useTranslation();
  const query = useQuery(procoreProjectLinksQuery);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t('integrations_ui.procore.projects.title')}</Card.Title>
        {remote ? null : (
          <Text textStyle="sm" color="fg.muted">
            {t('integrations_ui.procore.projects.hint')}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        <QueryState query={query}>
          {(rows) =>
            rows.length ? (
              <LinksEditor rows={rows} remote={remote} />
            ) : (
              <Text color="fg.muted">{t('integrations_ui.procore.projects.empty')}</Text>
            )
          }
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

function LinksEditor({ rows, remote }: { rows: ProcoreProjectLink[]; remote: ProcoreRemoteProject[] | null }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Record<number, string>>(() =>
    Object.fromEntries(rows.map((r) => [r.project_id, r.procore_project_id ?? ''])),
  );
  const save = useSaveProcoreProjectLinks();
  const optionsFor = (current: string) => {
    const list = remote ?? [];
    const known = list.some((p) => p.id === current) || !current ? list : [...list, { id: current, name: current }];
    return known.map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }));
  };
  const submit = () =>
    save.mutate(
      { links: rows.map((r) => ({ project_id: r.project_id, procore_project_id: choice[r.project_id] || null })) },
      { onSuccess: (answer) => showSuccessToast(answer.message) },
    );
  return (
    <Stack gap="3">
      <Table.ScrollArea tabIndex={0} aria-label={t('integrations_ui.procore.projects.title')}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('integrations_ui.procore.projects.project')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations_ui.procore.projects.procore_project')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.project_id}>
                <Table.Cell>{row.project_name}</Table.Cell>
                <Table.Cell minW="240px">
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      aria-label={`${t('integrations_ui.procore.projects.procore_project')}: ${row.project_name}`}
                      value={choice[row.project_id] ?? ''}
                      onChange={(e) => setChoice((c) => ({ ...c, [row.project_id]: e.currentTarget.value }))}
                      data-testid={`procore-project-${row.project_id}`}
                    >
                      <option value="">{t('integrations_ui.procore.projects.none')}</option>
                      {optionsFor(choice[row.project_id] ?? '').map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Button alignSelf="flex-start" minH="44px" colorPalette="brand" loading={save.isPending} onClick={submit}>
        {t('integrations_ui.procore.projects.save')}
      </Button>
    </Stack>
  );
}
