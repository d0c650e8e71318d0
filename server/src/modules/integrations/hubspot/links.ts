import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { hubspotLinks } from '../../../db/schema/index.ts';

/** Our object ↔ its HubSpot object (table hubspot_links), so later events reach the same one. */
export type LinkedEntity = { companyId: number; type: 'ticket' | 'owner'; id: number };

export async function hubspotIdOf(db: DbOrTx, entity: LinkedEntity): Promise<string | undefined> {
  const [row] = await db
    .select({ hubspotId: hubspotLinks.hubspotId })
    .from(hubspotLinks)
    .where(
      and(
        eq(hubspotLinks.companyId, entity.companyId),
        eq(hubspotLinks.entityType, entity.type),
        eq(hubspotLinks.entityId, entity.id),
      ),
    );
  return row?.hubspotId;
}

export async function linkToHubspot(db: DbOrTx, entity: LinkedEntity, hubspotId: string) {
  await db
    .insert(hubspotLinks)
    .values({ companyId: entity.companyId, entityType: entity.type, entityId: entity.id, hubspotId })
    .onConflictDoUpdate({
      target: [hubspotLinks.companyId, hubspotLinks.entityType, hubspotLinks.entityId],
      set: { hubspotId },
    });
}
