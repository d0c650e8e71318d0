import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { profiles, users } from '../../../db/schema/index.ts';
import { activeStaffSeeing } from '../../../db/staff.ts';
import { ApiError } from '../../../lib/errors.ts';

/**
 * A delivery responsible must be an active staff user of the caller's company who can see the
 * project; anything else is a 422 on the field (never a hint about other tenants).
 */
export async function assertStaffInProject(
  db: DbOrTx,
  companyId: number,
  projectId: number,
  userId: number,
  field: string,
) {
  const [row] = await db
    .select({ user: users })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(eq(users.id, userId), activeStaffSeeing(companyId, projectId)));
  if (!row) throw new ApiError(422, 'errors.validation', undefined, [{ field, key: 'deliveries.errors.invalid_user' }]);
  return row.user;
}
