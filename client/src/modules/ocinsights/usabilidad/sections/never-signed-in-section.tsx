import { Box, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateText } from '../../../../widgets/date-text.ts';
import { QueryState } from '../../../../widgets/query-state.tsx';
import { neverSignedInQuery } from '../../api/usage-api.ts';
import { UsageSection } from './usage-section.tsx';

/** The company's active staff accounts that never signed in, with their profile and when they were created. */
export function NeverSignedInSection() {
  const { t, i18n } = useTranslation();
  const users = useQuery(neverSignedInQuery());
  return (
    <UsageSection title={t('ocinsights.never.title')} help={t('ocinsights.never.help')} testId="usage-never">
      <QueryState query={users} minH="120px">
        {(rows) =>
          !rows.length ? (
            <Text color="fg.muted" textStyle="sm">
              {t('ocinsights.never.none')}
            </Text>
          ) : (
            <Box overflowX="auto">
              <Table.Root size="sm" data-testid="usage-never-list">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('ocinsights.never.user')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('ocinsights.adoption.profile')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('ocinsights.never.created')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((u) => (
                    <Table.Row key={u.id}>
                      <Table.Cell>
                        <Text textStyle="sm">{u.name}</Text>
                        <Text textStyle="xs" color="fg.muted">
                          {u.username}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>{u.profile?.name ?? t('ocinsights.adoption.no_profile')}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{dateText(u.created_at, i18n.language)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )
        }
      </QueryState>
    </UsageSection>
  );
}
