import { Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import { PinnablePlan } from '../../../widgets/plan-pins/pinnable-plan.tsx';
import { plansQuery, useUpdateIssue } from '../api/issues.ts';
import { issuesBoard } from './issue-state.tsx';

type Props = {
  ticketId: number;
  issues: CmIssueRow[];
  /** Which issues this screen may place, move or remove. */
  pinnable: (issue: CmIssueRow) => boolean;
};

/**
 * The ticket's issues on its project's plans (GET tickets/{id}/planos): choose "Ubicar" on an issue and click the
 * plan; the pin is saved with PATCH issues/{id} {pin} and shows to everyone following the ticket.
 */
export function IssuePlan({ ticketId, issues, pinnable }: Props) {
  const { t } = useTranslation();
  const board = useQuery({ ...plansQuery(ticketId), select: (plans) => issuesBoard(plans, issues, pinnable) });
  const update = useUpdateIssue(ticketId);
  return (
    <Stack gap="3" as="section" aria-labelledby="cm-issue-plan-title" data-testid="cm-issue-plan">
      <Heading as="h3" size="sm" id="cm-issue-plan-title">
        {t('cmanagement_ui.issues.plan_title')}
      </Heading>
      <PinnablePlan
        query={board}
        busy={update.isPending}
        words="cm_issue"
        save={(issue, pin, onSaved) => update.mutate({ issueId: issue.id, input: { pin } }, { onSuccess: onSaved })}
      />
    </Stack>
  );
}
