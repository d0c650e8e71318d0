import { CONCRETE_CONFIG_CHANGED_EVENT, type ConcreteCatalogue } from '#domain/concrete';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';

/**
 * The one live event of a config/hormigon write (domain/concrete.ts CONCRETE_CONFIG_CHANGED_EVENT): no project and
 * no entity, so it reaches the company's room (company:<id>, which its staff may join) and another open configuration
 * screen refetches `catalogue`. Call it last in the transaction (recordEvent holds the outbox lock until commit) and
 * run the transaction with transactionWithEvents.
 */
export function announceConfigChange(
  tx: Tx,
  change: { companyId: number; actorId: number; catalogue: ConcreteCatalogue; id: number | null; action: string },
): Promise<number> {
  return recordEvent(tx, {
    type: CONCRETE_CONFIG_CHANGED_EVENT,
    companyId: change.companyId,
    actorId: change.actorId,
    action: change.action,
    data: { catalogue: change.catalogue, id: change.id },
  });
}
