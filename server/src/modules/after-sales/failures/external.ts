import { and, eq } from 'drizzle-orm';
import type { FailureEventType } from '#machines/failure';
import type { DbOrTx } from '../../../db/client.ts';
import { failures, tickets } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runFailureEvent } from './service.ts';

/**
 * Failures as the integrations see them (server/src/modules/integrations: a construction platform receives each
 * failure as an observation and reports back when it is done). Found by company only: the caller is the system,
 * not a person with visible projects.
 */

/** A failure with its ticket's code and project, or undefined when it is not the company's (or gone). */
export async function failureForIntegration(db: DbOrTx, companyId: number, failureId: number) {
  const [row] = await db
    .select({ failure: failures, ticketCode: tickets.code })
    .from(failures)
    .innerJoin(tickets, eq(tickets.id, failures.ticketId))
    .where(and(eq(failures.id, failureId), eq(failures.companyId, companyId)));
  return row && { ...row.failure, ticketCode: row.ticketCode };
}

/**
 * Sends a failure event as the system with `activity` in its history line (where the change came from). Returns
 * false, changing nothing, when the failure's state does not allow the event (the machine's 409).
 */
export async function systemFailureEvent(
  deps: AppDeps,
  companyId: number,
  failureId: number,
  type: Exclude<FailureEventType, 'failure.reopen' | 'failure.reenter'>,
  t: Translate,
  activity: Record<string, unknown>,
): Promise<boolean> {
  const db = deps.database.db;
  const [row] = await db
    .select({ failure: failures, ticket: tickets })
    .from(failures)
    .innerJoin(tickets, eq(tickets.id, failures.ticketId))
    .where(and(eq(failures.id, failureId), eq(failures.companyId, companyId)));
  if (!row) return false;
  try {
    await runFailureEvent(deps, {
      ticket: row.ticket,
      failure: row.failure,
      build: () => ({ type }),
      actor: 'system',
      userId: null,
      t,
      activity,
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return false;
    throw error;
  }
}
