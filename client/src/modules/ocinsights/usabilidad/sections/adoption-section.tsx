import { Box, Grid, Heading, Stack, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UsageQuery } from '#domain/schemas/insights';
import { formatNumber } from '../../../../shared/format.ts';
import { BarChart } from '../../../../widgets/charts/index.ts';
import { QueryState } from '../../../../widgets/query-state.tsx';
import { adoptionQuery } from '../../api/usage-api.ts';
import { sharePercent } from '../usage-range.ts';
import { UsageSection } from './usage-section.tsx';

type Row = { key: string; name: string; users: number; members: number; events: number };

/** One side of adoption (projects or profiles): users vs members as bars, and the same with the share in a table. */
function AdoptionPart({
  title,
  nameHeader,
  rows,
  testId,
}: {
  title: string;
  nameHeader: string;
  rows: Row[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" minW="0" data-testid={testId}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <BarChart
        label={title}
        data={rows}
        xKey="name"
        xLabel={nameHeader}
        series={[
          { key: 'users', label: t('ocinsights.adoption.users') },
          { key: 'members', label: t('ocinsights.adoption.members'), color: 'gray.emphasized' },
        ]}
        horizontal
      />
      {rows.length ? (
        <Box overflowX="auto">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{nameHeader}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('ocinsights.adoption.users')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('ocinsights.adoption.members')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">%</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('ocinsights.adoption.events')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.key}>
                  <Table.Cell>{r.name}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(r.users)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(r.members)}</Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap">
                    {sharePercent(r.users, r.members)} %
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(r.events)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Stack>
  );
}

/** Adoption in the range: of the people who could use the app, per project and per profile, how many did. */
export function AdoptionSection({ days }: { days: Pick<UsageQuery, 'from' | 'to'> }) {
  const { t } = useTranslation();
  const adoption = useQuery(adoptionQuery(days));
  return (
    <UsageSection title={t('ocinsights.adoption.title')} help={t('ocinsights.adoption.help')} testId="usage-adoption">
      <QueryState query={adoption} minH="240px">
        {(data) => (
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="6">
            <AdoptionPart
              title={t('ocinsights.adoption.by_project')}
              nameHeader={t('ocinsights.filters.project')}
              testId="usage-adoption-projects"
              rows={data.projects.map((r) => ({ key: String(r.project.id), name: r.project.name, ...r }))}
            />
            <AdoptionPart
              title={t('ocinsights.adoption.by_profile')}
              nameHeader={t('ocinsights.adoption.profile')}
              testId="usage-adoption-profiles"
              rows={data.profiles.map((r) => ({
                key: String(r.profile?.id ?? 'none'),
                name: r.profile?.name ?? t('ocinsights.adoption.no_profile'),
                ...r,
              }))}
            />
          </Grid>
        )}
      </QueryState>
    </UsageSection>
  );
}
