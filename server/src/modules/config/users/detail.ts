import { userCommands } from '#domain/users';
import type { UserDetail } from '#domain/users-responses';
import { userMachine, type UserEvent } from '#machines/user';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { loadStaffUser, userRows, userStateOf } from './rows.ts';

/** The events an admin may send now (the machine's answer; the e-mail link's own event is not the admin's). */
const ADMIN_EVENTS = (Object.keys(userCommands) as (keyof typeof userCommands)[]).filter(
  (type) => type !== 'user.verifyEmail' && type !== 'user.changeEmail' && type !== 'user.changeSignature',
);

/** GET configuracion/usuarios/{id}: the row and its allowed events. */
export async function userDetail(deps: AppDeps, caller: SessionUser, userId: number): Promise<UserDetail> {
  const db = deps.database.db;
  const record = await loadStaffUser(db, caller, userId);
  const [row] = await userRows(db, caller.companyId, [record]);
  const value = userStateOf(record);
  const allowed = record.deletedAt
    ? []
    : ADMIN_EVENTS.filter((type) => {
        const event = {
          type,
          isUserLimitReached: false,
          hasSignature: Boolean(record.signaturePath),
        } as unknown as UserEvent;
        if ((type === 'user.disable' || type === 'user.delete') && userId === caller.id) return false;
        if (type === 'user.resendEmailVerification' && !record.email) return false;
        return nextState(userMachine, { value, context: {} }, event).ok;
      });
  return { ...row, allowed_events: allowed };
}
