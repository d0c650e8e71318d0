import { useState } from 'react';
import { Badge, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Camera, MapPin } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CM_ISSUE_STATES, CM_MANAGE, type CmIssueState } from '#domain/cmanagement';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import { useCan } from '../../../api/session/auth-user.ts';
import { dateText } from '../../../widgets/date-text.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { issuesQuery } from '../api/issues.ts';
import { ticketDetailQuery } from '../api/tickets.ts';
import { CmIssueStateTag, issueStateName } from './issue-state.tsx';
import { IssuePlan } from './issue-plan.tsx';
import { NewIssueDialog } from './new-issue-dialog.tsx';

const T = 'cmanagement_ui.issues';

/**
 * The ticket's Issues tab (docs/product.md §1 Cmanagement issue): its issues with state, assignee, due date and
 * photos, filtered by state, a new one, and all of them pinned on the project's plans.
 */
export function TicketIssuesPage() {
  const ticketId = Number(useParams().ticketId);
  const { t } = useTranslation();
  const issues = useQuery(issuesQuery(ticketId));
  const ticket = useQuery(ticketDetailQuery(ticketId));
  const canManage = useCan(CM_MANAGE);
  const [states, setStates] = useState<CmIssueState[]>([]);
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="4">
      <Flex gap="3" align="flex-end" wrap="wrap" justify="space-between">
        <MultiSelectFilter
          label={t(`${T}.state_filter`)}
          options={CM_ISSUE_STATES.map((s) => ({ value: s, label: issueStateName(t, s) }))}
          value={states}
          onChange={(v) => setStates(v as CmIssueState[])}
        />
        {canManage ? (
          <Button colorPalette="brand" minH="44px" onClick={() => setCreating(true)} data-testid="issue-new">
            {t(`${T}.new`)}
          </Button>
        ) : null}
      </Flex>
      <QueryState query={issues}>
        {(rows) => {
          const shown = states.length ? rows.filter((i) => states.includes(i.state)) : rows;
          return (
            <Stack gap="6">
              {rows.length === 0 ? (
                <Text color="fg.muted">{t(`${T}.empty`)}</Text>
              ) : shown.length === 0 ? (
                <Text color="fg.muted">{t(`${T}.none_in_filter`)}</Text>
              ) : (
                <IssueList ticketId={ticketId} rows={shown} />
              )}
              {rows.length > 0 ? <IssuePlan ticketId={ticketId} issues={shown} pinnable={() => canManage} /> : null}
            </Stack>
          );
        }}
      </QueryState>
      <NewIssueDialog
        ticketId={ticketId}
        projectId={ticket.data?.project.id ?? null}
        open={creating}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}

function IssueList({ ticketId, rows }: { ticketId: number; rows: CmIssueRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t(`${T}.list`)} data-testid="issues-list">
      {rows.map((i) => (
        <Card.Root as="li" key={i.id} size="sm" data-testid={`issue-${i.id}`}>
          <Card.Body>
            <Flex gap="3" align="center" wrap="wrap">
              <Stack gap="1" flex="1" minW="200px">
                <RouterLink to={`/cmanagement/tickets/${ticketId}/issues/${i.id}`}>
                  <Text fontWeight="semibold" color="colorPalette.fg" _hover={{ textDecoration: 'underline' }}>
                    {t(`${T}.number`, { number: i.number })} · {i.title}
                  </Text>
                </RouterLink>
                <HStack gap="3" wrap="wrap" textStyle="sm" color="fg.muted">
                  <Text>{i.assignee ? i.assignee.full_name : t(`${T}.unassigned`)}</Text>
                  {i.due_date ? <Text>{t(`${T}.due_on`, { date: dateText(i.due_date, i18n.language) })}</Text> : null}
                  <HStack gap="1" aria-label={t(`${T}.photo_count`, { count: i.photos.length })}>
                    <Camera size={14} aria-hidden />
                    <Text aria-hidden>{i.photos.length}</Text>
                  </HStack>
                  {i.pin ? (
                    <Badge variant="subtle" gap="1">
                      <MapPin size={12} aria-hidden />
                      {t(`${T}.pinned`)}
                    </Badge>
                  ) : null}
                </HStack>
              </Stack>
              <CmIssueStateTag state={i.state} />
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
