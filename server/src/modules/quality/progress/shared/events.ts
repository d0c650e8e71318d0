import { QUALITY_ACTIVITIES_CHANGED_EVENT } from '#domain/quality';
import type { ActivityEvent, ActivityLink, ActivityRow } from '#domain/quality-responses';
import type { Tx } from '../../../../db/client.ts';
import { recordEvent } from '../../../../events/outbox.ts';
import { activityRowsOf } from './rows.ts';

/**
 * Rows one live event carries at most: an import or an attribute change touching more sends none and
 * `truncated: true` beside the payload, and screens refetch the project's activities instead of applying it.
 */
export const ACTIVITY_EVENT_ROWS_MAX = 2000;

export type ActivityChange = {
  companyId: number;
  projectId: number;
  actorId: number | null;
  /** Rows as activityRowSchema answers them (read with activityRowsOf after the writes), or ids to read here. */
  rows?: readonly ActivityRow[];
  changedIds?: readonly number[];
  deletedIds?: readonly number[];
  links?: readonly ActivityLink[];
  deletedLinkIds?: readonly number[];
};

/**
 * The one outbox event of an activity write, 'quality.activities.changed' on the project's topic (no entity: it
 * reaches the room project:<id>, which every staff user with the project may join, events/access.ts). Its data
 * follows activityEventSchema (domain/quality-responses.ts), so other screens apply it without refetching
 * (applyActivityChanges in client/src/modules/quality/api/activities.ts). Call it last in the transaction
 * (recordEvent holds the outbox lock until commit) and run the transaction with transactionWithEvents.
 */
export async function emitActivitiesChanged(tx: Tx, change: ActivityChange): Promise<number> {
  let rows: readonly ActivityRow[] = change.rows ?? [];
  const toRead = change.changedIds ?? [];
  const truncated = rows.length + toRead.length > ACTIVITY_EVENT_ROWS_MAX;
  if (truncated) rows = [];
  else if (toRead.length) rows = [...rows, ...(await activityRowsOf(tx, change.companyId, toRead))];
  const data: ActivityEvent = {
    project_id: change.projectId,
    rows: [...rows],
    deleted_ids: [...(change.deletedIds ?? [])],
    ...(change.links?.length ? { links: [...change.links] } : {}),
    ...(change.deletedLinkIds?.length ? { deleted_link_ids: [...change.deletedLinkIds] } : {}),
    ...(truncated ? { truncated: true as const } : {}),
  };
  return recordEvent(tx, {
    type: QUALITY_ACTIVITIES_CHANGED_EVENT,
    companyId: change.companyId,
    projectId: change.projectId,
    actorId: change.actorId,
    data,
  });
}
