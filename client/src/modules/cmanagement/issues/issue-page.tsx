import { useState } from 'react';
import { Button, Card, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CM_MANAGE } from '#domain/cmanagement';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import { cmIssueUpdateSchema } from '#domain/schemas/cmanagement';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { issueQuery, issuesQuery, useIssueCommand, useUpdateIssue } from '../api/issues.ts';
import { ticketDetailQuery } from '../api/tickets.ts';
import { IssueFields, issueBodyOf, issueDraftOf, type IssueDraft } from './issue-fields.tsx';
import { IssuePhotos } from './issue-photos.tsx';
import { IssuePlan } from './issue-plan.tsx';
import { CmIssueStateTag, issueActionLabel } from './issue-state.tsx';

const T = 'cmanagement_ui.issues';

/**
 * /cmanagement/tickets/{ticketId}/issues/{issueId}: one issue, its details edited in place, its photos, the
 * state actions its machine allows now (allowed_events) and its pin on one of the project's plans.
 */
export function IssuePage() {
  const params = useParams();
  const ticketId = Number(params.ticketId);
  const issueId = Number(params.issueId);
  const issue = useQuery(issueQuery(ticketId, issueId));
  return <QueryState query={issue}>{(row) => <IssueDetail key={row.id} issue={row} />}</QueryState>;
}

function IssueDetail({ issue }: { issue: CmIssueRow }) {
  const { t } = useTranslation();
  const canManage = useCan(CM_MANAGE);
  const ticket = useQuery(ticketDetailQuery(issue.ticket_id));
  const all = useQuery(issuesQuery(issue.ticket_id));
  const command = useIssueCommand(issue.ticket_id);
  return (
    <Stack gap="5" data-testid="cm-issue-page">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start" minH="44px">
        <RouterLink to={`/cmanagement/tickets/${issue.ticket_id}/issues`}>
          <ArrowLeft size={16} aria-hidden />
          {t(`${T}.back`)}
        </RouterLink>
      </Button>
      <Flex gap="3" align="center" wrap="wrap" justify="space-between">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t(`${T}.number`, { number: issue.number })} · {issue.title}
          </Heading>
          <CmIssueStateTag state={issue.state} />
        </HStack>
        <HStack gap="2" wrap="wrap" role="group" aria-label={t(`${T}.actions_label`)}>
          {issue.allowed_events.map((event) => (
            <Button
              key={event}
              size="sm"
              minH="44px"
              variant="outline"
              loading={command.isPending && command.variables?.event === event}
              disabled={command.isPending}
              onClick={() =>
                command.mutate(
                  { issueId: issue.id, event },
                  {
                    onSuccess: (row) =>
                      showSuccessToast(t(`${T}.state_saved`, { state: t(`machines.cmIssue.states.${row.state}`) })),
                  },
                )
              }
              data-testid={`issue-action-${event}`}
            >
              {issueActionLabel(t, event)}
            </Button>
          ))}
        </HStack>
      </Flex>
      <Card.Root>
        <Card.Body>
          <IssueForm issue={issue} projectId={ticket.data?.project.id ?? null} canManage={canManage} />
        </Card.Body>
      </Card.Root>
      <IssuePhotos issue={issue} canManage={canManage} />
      <IssuePlan
        ticketId={issue.ticket_id}
        issues={all.data ?? [issue]}
        pinnable={(i) => canManage && i.id === issue.id}
      />
    </Stack>
  );
}

function IssueForm({
  issue,
  projectId,
  canManage,
}: {
  issue: CmIssueRow;
  projectId: number | null;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const stored = issueDraftOf(issue);
  const same = (a: IssueDraft, b: IssueDraft) => JSON.stringify(a) === JSON.stringify(b);
  const [draft, setDraft] = useState<IssueDraft>(stored);
  const [base, setBase] = useState<IssueDraft>(stored);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateIssue(issue.ticket_id);
  // Someone else's edit arrives live: it shows at once unless this form holds unsaved changes of its own.
  if (!same(stored, base)) {
    setBase(stored);
    if (same(draft, base)) setDraft(stored);
  }
  const changed = !same(draft, stored);
  const submit = () => {
    const checked = validate(cmIssueUpdateSchema, issueBodyOf(draft), t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    update.mutate(
      { issueId: issue.id, input: checked.data },
      {
        onSuccess: (row) => {
          setDraft(issueDraftOf(row));
          showSuccessToast(t(`${T}.saved`));
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="4">
        <IssueFields
          projectId={projectId}
          draft={draft}
          onChange={(p) => setDraft((d) => ({ ...d, ...p }))}
          errors={errors}
          disabled={!canManage}
        />
        {canManage ? (
          <HStack justify="flex-end" gap="2">
            <Button variant="ghost" minH="44px" disabled={!changed} onClick={() => setDraft(issueDraftOf(issue))}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              colorPalette="brand"
              minH="44px"
              disabled={!changed}
              loading={update.isPending}
              data-testid="issue-save"
            >
              {t(`${T}.save`)}
            </Button>
          </HStack>
        ) : null}
      </Stack>
    </form>
  );
}
