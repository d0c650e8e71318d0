import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { deliveryFichas, owners, unitOwners, units, unitTypePlans } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import type { ModuleRegistry } from '../../../registry.ts';
import { USER_SIGNATURE_FILES } from '../../auth/service.ts';

/** Entity types under which this module attaches files; files/access.ts asks the checks below. */
export const FILE_LINKS = {
  certificate: 'unit_certificate',
  revision: 'unit_revision',
  ownerSignature: 'unit_signature',
  plan: 'unit_type_plan',
} as const;

export async function isOwnerOfUnit(db: DbOrTx, userId: number, unitId: number) {
  const [own] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(and(eq(unitOwners.unitId, unitId), eq(owners.userId, userId)));
  return own.n > 0;
}

async function unitProject(db: DbOrTx, user: SessionUser, unitId: number) {
  const [unit] = await db
    .select({ projectId: units.projectId })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.companyId, user.companyId)));
  return unit?.projectId;
}

const staffSees = (user: SessionUser, projectId: number | undefined) =>
  user.kind === 'staff' && projectId !== undefined && user.projectIds.includes(projectId);

/** Staff who see the unit's project; with `owners`, also the unit's owners. */
const unitFiles = (owners: boolean) => async (db: DbOrTx, user: SessionUser, file: { entityId: number }) =>
  user.kind === 'owner'
    ? owners && isOwnerOfUnit(db, user.id, file.entityId)
    : staffSees(user, await unitProject(db, user, file.entityId));

/** Who may read the files this module attaches (files/access.ts asks); called by registerDeliveries. */
export function registerDeliveryFileAccess(registry: ModuleRegistry): void {
  // Certificates are the owners' documents too (owner portal); revision photos and the owner's
  // signature on the act stay with staff who see the unit.
  registry.fileAccess(FILE_LINKS.certificate, unitFiles(true));
  registry.fileAccess(FILE_LINKS.revision, unitFiles(false));
  registry.fileAccess(FILE_LINKS.ownerSignature, unitFiles(false));

  // A plan belongs to a unit type within one project: found by its path (unique per company). Owners read
  // the plans of their own units' type, where they pin their failures (docs/product.md#defects-on-plans).
  registry.fileAccess(FILE_LINKS.plan, async (db, user, file) => {
    const rows = await db
      .select({ projectId: unitTypePlans.projectId, unitTypeId: unitTypePlans.unitTypeId })
      .from(unitTypePlans)
      .where(and(eq(unitTypePlans.companyId, user.companyId), eq(unitTypePlans.path, file.path)));
    if (user.kind !== 'owner') return rows.some((r) => staffSees(user, r.projectId));
    for (const r of rows) {
      const [own] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(unitOwners)
        .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
        .innerJoin(units, eq(units.id, unitOwners.unitId))
        .where(and(eq(owners.userId, user.id), eq(units.projectId, r.projectId), eq(units.unitTypeId, r.unitTypeId)));
      if (own.n > 0) return true;
    }
    return false;
  });

  // A representative's profile signature is printed on the acts they sign and shown in the recepcion
  // tab: staff who see one of those fichas may read it.
  registry.fileAccess(USER_SIGNATURE_FILES, async (db, user, file) => {
    if (user.kind !== 'staff' || !user.projectIds.length) return false;
    const [signed] = await db
      .select({ unitId: deliveryFichas.unitId })
      .from(deliveryFichas)
      .where(
        and(
          eq(deliveryFichas.companyId, user.companyId),
          eq(deliveryFichas.representativeId, file.entityId),
          inArray(deliveryFichas.projectId, [...user.projectIds]),
        ),
      )
      .limit(1);
    return Boolean(signed);
  });
}
