import { and, eq } from 'drizzle-orm';
import {
  INTEGRATION_NAMES,
  integrationStateOf,
  requestKeyOf,
  type IntegrationState,
  type RequestTarget,
} from '#domain/integrations';
import { groupLabelKey } from '#domain/permission-catalogue';
import type { DbOrTx } from '../../../db/client.ts';
import { moduleStatus } from '../../../db/schema/index.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { loadConnection } from '../connections/service.ts';

/** What was requested, in words: a module's name in the reader's language, or the service's own name. */
export const targetName = (target: RequestTarget, t: Translate) =>
  target.kind === 'module' ? t(groupLabelKey(target.module)) : INTEGRATION_NAMES[target.integration];

export const targetId = (target: RequestTarget) => (target.kind === 'module' ? target.module : target.integration);

/** What the outbox events of a request carry (the index refreshes on them; the notification names the target). */
export const targetData = (target: RequestTarget, t: Translate) => ({
  target: target.kind,
  [target.kind === 'module' ? 'module' : 'kind']: targetId(target),
  key: requestKeyOf(target),
  subject: targetName(target, t),
});

export async function loadModuleStatus(db: DbOrTx, companyId: number, module: string, forUpdate = false) {
  const query = db
    .select()
    .from(moduleStatus)
    .where(and(eq(moduleStatus.companyId, companyId), eq(moduleStatus.module, module)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row as typeof moduleStatus.$inferSelect | undefined;
}

/**
 * A request's state in the integration machine's words (a module's status mapped by domain/integrations.ts);
 * undefined when the company never requested nor configured it.
 */
export async function requestStateOf(
  db: DbOrTx,
  companyId: number,
  target: RequestTarget,
  forUpdate = false,
): Promise<IntegrationState | undefined> {
  if (target.kind === 'integration') return (await loadConnection(db, companyId, target.integration, forUpdate))?.state;
  const row = await loadModuleStatus(db, companyId, target.module, forUpdate);
  return row ? integrationStateOf(row.status) : undefined;
}
