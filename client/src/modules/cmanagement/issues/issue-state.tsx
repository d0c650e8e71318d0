import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CmIssueCommandType, CmIssueState } from '#domain/cmanagement';
import type { CmIssueRow, CmPlan } from '#domain/cmanagement-responses';
import type { PinState } from '#domain/plan-pins';
import type { PlanBoard } from '#domain/plan-pins-responses';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** One colour per issue state, matching the pin it shows on the plan (PIN_COLORS of ISSUE_PIN_STATE). */
export const CM_ISSUE_STATE_COLORS: Record<CmIssueState, string> = {
  abierta: '#c53030',
  en_curso: '#dd6b20',
  resuelta: '#2f855a',
  cerrada: '#718096',
};

/** The plan widget colours pins by its own states (domain/plan-pins.ts): each issue state takes its like. */
const ISSUE_PIN_STATE: Record<CmIssueState, PinState> = {
  abierta: 'pendiente',
  en_curso: 'falla',
  resuelta: 'solucionada',
  cerrada: 'no_aplica',
};

export const issueStateName = (t: TFunction, state: CmIssueState) => t(`machines.cmIssue.states.${state}`);
/** 'cmIssue.start' → its button label. */
export const issueActionLabel = (t: TFunction, event: CmIssueCommandType) =>
  t(`cmanagement_ui.issues.actions.${event.split('.')[1]}`);

export function CmIssueStateTag({ state }: { state: CmIssueState }) {
  const { t } = useTranslation();
  return <StateTag label={issueStateName(t, state)} color={CM_ISSUE_STATE_COLORS[state]} size="sm" />;
}

/**
 * The ticket's plans with its issues as numbered pins (widgets/plan-pins): `pinnable` says which issues this
 * screen may place (all of them on the issues tab, only the open one on an issue's page).
 */
export function issuesBoard(
  plans: CmPlan[],
  issues: CmIssueRow[],
  pinnable: (issue: CmIssueRow) => boolean,
): PlanBoard {
  return {
    unit_id: 0,
    plans: plans.map((p) => ({
      id: p.id,
      name: p.unit_type ? `${p.unit_type.name} · ${p.name}` : p.name,
      url: p.url,
      type: p.type,
    })),
    failures: issues.map((i) => ({
      kind: 'failure',
      id: i.id,
      number: i.number,
      ticket_id: i.ticket_id,
      label: i.title,
      state: ISSUE_PIN_STATE[i.state],
      can_pin: pinnable(i),
      pin: i.pin,
    })),
  };
}
