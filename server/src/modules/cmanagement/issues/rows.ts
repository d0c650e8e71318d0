import { and, asc, eq, inArray } from 'drizzle-orm';
import { CM_FILE_OWNER, cmIssueCommands, type CmIssueCommandType, type CmIssueState } from '#domain/cmanagement';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import { can } from '#domain/permissions';
import { allowedEvents } from '#machines/engine';
import { cmIssueMachine, type CmIssueEvent } from '#machines/cm-issue';
import type { DbOrTx } from '../../../db/client.ts';
import { cmIssues, files } from '../../../db/schema/index.ts';
import { userBriefs } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import type { CmIssue } from '../shared/scope.ts';

const CANDIDATES = (Object.keys(cmIssueCommands) as CmIssueCommandType[]).map((type) => ({ type })) as CmIssueEvent[];

/** What the machine allows now and the caller may send (cmIssueRowSchema `allowed_events`). */
const issueAllowedEvents = (user: SessionUser, state: CmIssueState) =>
  allowedEvents(cmIssueMachine, { value: state, context: {} }, CANDIDATES).filter((type) =>
    can(user.permissions, cmIssueCommands[type].permission),
  );

/** The photos of each issue (files owned by CM_FILE_OWNER.issue), in upload order. */
export async function issuePhotoPaths(db: DbOrTx, companyId: number, issueIds: number[]) {
  const rows = issueIds.length
    ? await db
        .select()
        .from(files)
        .where(
          and(
            eq(files.companyId, companyId),
            eq(files.entityType, CM_FILE_OWNER.issue),
            inArray(files.entityId, issueIds),
          ),
        )
        .orderBy(asc(files.id))
    : [];
  const byIssue = new Map<number, CmIssueRow['photos']>();
  for (const f of rows) {
    if (f.entityId === null) continue;
    byIssue.set(f.entityId, [
      ...(byIssue.get(f.entityId) ?? []),
      { path: f.path, name: f.name, size: f.size ?? 0, type: f.mime },
    ]);
  }
  return byIssue;
}

/** Issues as cmIssueRowSchema answers them. */
export async function issueRows(db: DbOrTx, user: SessionUser, issues: CmIssue[]): Promise<CmIssueRow[]> {
  const [people, photos] = await Promise.all([
    userBriefs(
      db,
      issues.map((i) => i.assigneeId),
    ),
    issuePhotoPaths(
      db,
      user.companyId,
      issues.map((i) => i.id),
    ),
  ]);
  return issues.map((i) => ({
    id: i.id,
    ticket_id: i.ticketId,
    number: i.number,
    title: i.title,
    description: i.description,
    state: i.state,
    assignee: (i.assigneeId !== null && people.get(i.assigneeId)) || null,
    due_date: i.dueDate,
    photos: photos.get(i.id) ?? [],
    pin:
      i.pinPlanId !== null && i.pinX !== null && i.pinY !== null
        ? { plan_id: i.pinPlanId, page: i.pinPage ?? 1, x: i.pinX, y: i.pinY }
        : null,
    allowed_events: issueAllowedEvents(user, i.state),
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  }));
}

export async function issueRowOf(db: DbOrTx, user: SessionUser, issueId: number): Promise<CmIssueRow> {
  const [issue] = await db.select().from(cmIssues).where(eq(cmIssues.id, issueId));
  if (!issue) throw notFound();
  const [row] = await issueRows(db, user, [issue]);
  return row;
}

/** A ticket's issues by number, optionally of some states. */
export const ticketIssues = (db: DbOrTx, ticketId: number, states?: readonly CmIssueState[]) =>
  db
    .select()
    .from(cmIssues)
    .where(and(eq(cmIssues.ticketId, ticketId), states?.length ? inArray(cmIssues.state, [...states]) : undefined))
    .orderBy(asc(cmIssues.number));
