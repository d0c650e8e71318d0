import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { can } from '#domain/permissions';
import { followUpCommands, type FollowUpCommandType } from '#domain/verifications';
import type { FollowUpRow } from '#domain/verifications-responses';
import { followUpMachine } from '#machines/reception-follow-up';
import type { DbOrTx } from '../../../db/client.ts';
import { receptionFollowUps, receptionItems, receptions, users } from '../../../db/schema/index.ts';
import { fullName } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { attachedFiles, attachmentView, todayOf } from '../receptions/support.ts';
import { RECEPTION_FILES } from '../shared/events.ts';
import { followUpScope } from '../shared/scope.ts';

/**
 * The follow-ups as the list and a reception's detail answer them (domain/verifications-responses.ts followUpRowSchema):
 * open ones first by due date, overdue when open past their due date (in the company's today).
 */

export type FollowUpFilter = { projectId?: number; receptionId?: number; state?: 'abierto' | 'cerrado' | 'vencido' };

function allowedEvents(user: SessionUser, state: FollowUpRow['state']): FollowUpCommandType[] {
  return (Object.keys(followUpCommands) as FollowUpCommandType[]).filter(
    (type) =>
      can(user.permissions, followUpCommands[type].permission) &&
      nextState(followUpMachine, { value: state, context: {} }, { type } as never).ok,
  );
}

/** The follow-ups the caller sees that match, open first by due date. */
export async function followUpRows(
  db: DbOrTx,
  user: SessionUser,
  filter: FollowUpFilter,
  extra?: SQL,
): Promise<FollowUpRow[]> {
  const today = await todayOf(db, user.companyId);
  const state =
    filter.state === 'vencido'
      ? and(eq(receptionFollowUps.state, 'abierto'), lt(receptionFollowUps.dueOn, today))
      : filter.state
        ? eq(receptionFollowUps.state, filter.state)
        : undefined;
  const rows = await db
    .select({
      followUp: receptionFollowUps,
      code: receptions.code,
      name: receptions.name,
      title: receptionItems.title,
      note: receptionItems.note,
      closerFirst: users.firstName,
      closerLast: users.lastName,
    })
    .from(receptionFollowUps)
    .innerJoin(receptions, eq(receptions.id, receptionFollowUps.receptionId))
    .innerJoin(receptionItems, eq(receptionItems.id, receptionFollowUps.itemId))
    .leftJoin(users, eq(users.id, receptionFollowUps.closedBy))
    .where(
      and(
        followUpScope(user),
        filter.projectId !== undefined ? eq(receptionFollowUps.projectId, filter.projectId) : undefined,
        filter.receptionId !== undefined ? eq(receptionFollowUps.receptionId, filter.receptionId) : undefined,
        state,
        extra,
      ),
    )
    .orderBy(
      sql`case when ${receptionFollowUps.state} = 'abierto' then 0 else 1 end`,
      asc(receptionFollowUps.dueOn),
      asc(receptionFollowUps.id),
    );
  const photos = await attachedFiles(
    db,
    user.companyId,
    RECEPTION_FILES.followUpPhoto,
    rows.map((r) => r.followUp.id),
  );
  return rows.map(({ followUp: f, ...r }) => ({
    id: f.id,
    reception_id: f.receptionId,
    reception_code: r.code,
    reception_name: r.name,
    item_id: f.itemId,
    title: r.title,
    note: r.note ?? '',
    due_on: f.dueOn,
    state: f.state,
    overdue: f.state === 'abierto' && f.dueOn < today,
    closed_on: f.closedOn,
    closing_note: f.closingNote,
    closing_photos: (photos.get(f.id) ?? []).map(attachmentView),
    closed_by:
      f.closedBy !== null && r.closerFirst !== null
        ? { id: f.closedBy, name: fullName({ firstName: r.closerFirst, lastName: r.closerLast ?? '' }) }
        : null,
    allowed_events: allowedEvents(user, f.state),
  }));
}

/** One follow-up as the close answers it. */
export async function followUpRow(db: DbOrTx, user: SessionUser, id: number): Promise<FollowUpRow> {
  const [row] = await followUpRows(db, user, {}, eq(receptionFollowUps.id, id));
  return row;
}
