import { useState } from 'react';
import { Box, Button, ButtonGroup, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FollowUpRow } from '#domain/verifications-responses';
import { QueryState } from '../../../widgets/query-state.tsx';
import { FOLLOW_UP_FILTERS, followUpsQuery, type FollowUpFilter } from '../api/follow-ups.ts';
import { FollowUpStateTag } from '../components/reception-state-tag.tsx';
import { VerificationsFrame } from '../components/verifications-frame.tsx';
import { CloseFollowUpDialog } from './close-follow-up-dialog.tsx';
import { ClosingInfo, DueOn, FollowUpCard, receptionPath } from './follow-up-card.tsx';

const T = 'verifications_ui.follow_ups';

/**
 * /verifications/seguimientos: the project's follow-ups (one per failed checkpoint of a signed reception), open,
 * overdue or closed; each names its reception and checkpoint, what failed and when it is due, and is closed with a
 * note and photos once the fix is verified. A table on a wide screen, cards on a phone.
 */
export function FollowUpsPage() {
  return <VerificationsFrame>{(projectId) => <FollowUps key={projectId} projectId={projectId} />}</VerificationsFrame>;
}

function FollowUps({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<FollowUpFilter>('abierto');
  const [closing, setClosing] = useState<FollowUpRow | null>(null);
  const list = useQuery(followUpsQuery(projectId, { state }));
  const isPhone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  return (
    <Stack gap="3">
      <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t(`${T}.filter`)}>
        {FOLLOW_UP_FILTERS.map((f) => (
          <Button
            key={f}
            minH="40px"
            aria-pressed={state === f}
            variant={state === f ? 'solid' : 'outline'}
            onClick={() => setState(f)}
            data-testid={`follow-ups-filter-${f}`}
          >
            {t(`${T}.filters.${f}`)}
          </Button>
        ))}
      </ButtonGroup>
      <QueryState query={list}>
        {(rows) =>
          rows.length === 0 ? (
            <Text
              color="fg.muted"
              p="6"
              textAlign="center"
              borderWidth="1px"
              borderRadius="md"
              data-testid="follow-ups-empty"
            >
              {t(`${T}.empty.${state}`)}
            </Text>
          ) : isPhone ? (
            <Stack gap="2" data-testid="follow-ups-cards">
              {rows.map((r) => (
                <FollowUpCard key={r.id} row={r} withReception onClose={setClosing} />
              ))}
            </Stack>
          ) : (
            <FollowUpsTable rows={rows} onClose={setClosing} />
          )
        }
      </QueryState>
      {closing ? (
        <CloseFollowUpDialog projectId={projectId} followUp={closing} onClose={() => setClosing(null)} />
      ) : null}
    </Stack>
  );
}

function FollowUpsTable({ rows, onClose }: { rows: FollowUpRow[]; onClose: (row: FollowUpRow) => void }) {
  const { t } = useTranslation();
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="follow-ups-table">
        <Table.Header>
          <Table.Row>
            {['reception', 'checkpoint', 'failure', 'due', 'state', 'closing'].map((k) => (
              <Table.ColumnHeader key={k}>{t(`${T}.columns.${k}`)}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="follow-up-row">
              <Table.Cell>
                <Link asChild colorPalette="brand">
                  <RouterLink
                    to={receptionPath(r.reception_id)}
                  >{`${r.reception_code} · ${r.reception_name}`}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>{r.title}</Table.Cell>
              <Table.Cell maxW="280px">{r.note}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <DueOn row={r} />
              </Table.Cell>
              <Table.Cell>
                <FollowUpStateTag state={r.state} overdue={r.overdue} />
              </Table.Cell>
              <Table.Cell maxW="280px">
                <ClosingInfo row={r} />
              </Table.Cell>
              <Table.Cell>
                {r.allowed_events.includes('followUp.close') ? (
                  <Button size="xs" variant="outline" onClick={() => onClose(r)} data-testid="follow-up-close">
                    {t(`${T}.close_action`)}
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
