import { eq } from 'drizzle-orm';
import {
  moduleStatusOf,
  REQUESTABLE_MODULES,
  requestKeyOf,
  type IntegrationKind,
  type IntegrationState,
  type RequestTarget,
} from '#domain/integrations';
import type { CompanyModule } from '#domain/permission-catalogue';
import type { ActivationRequestView, ModuleRequestView } from '#domain/integrations-responses';
import type { Tx } from '../../../db/client.ts';
import { integrations, moduleStatus } from '../../../db/schema/index.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { actorOf, forgetModuleSessions, recordAudit, writeModuleStatus } from '../../config/service.ts';
import { mailProvider } from './mail.ts';
import { requestStateOf, targetData, targetName } from './targets.ts';

/** The event the index refreshes on when a company asks the provider for something. */
export const INTEGRATION_REQUESTED_EVENT = 'integration.requested';

/**
 * POST configuracion/integraciones/solicitudes (docs/product.md §4): asks the provider for a module or an
 * integration. A module may be asked for when it was never configured or was switched off; an integration only
 * once (a switched-off integration is switched on again from its page). The request, its audit line and the event
 * commit together; then the provider is e-mailed with the links that move it on (no provider configured: the
 * request stands, and the log says nobody was told).
 */
export async function requestActivation(
  deps: AppDeps,
  user: SessionUser,
  target: RequestTarget,
  t: Translate,
): Promise<ActivationRequestView> {
  let affected: number[] = [];
  await transactionWithEvents(deps, async (tx) => {
    const state = await requestStateOf(tx, user.companyId, target, true);
    if (state && (target.kind === 'integration' || state !== 'inactiva')) throw alreadyRequested(target, state, t);
    affected = target.kind === 'module' ? await requestModule(tx, user, target.module) : [];
    if (target.kind === 'integration') await requestIntegration(tx, user, target.integration, t);
    await recordEvent(tx, {
      type: INTEGRATION_REQUESTED_EVENT,
      companyId: user.companyId,
      actorId: user.id,
      to: 'solicitada',
      data: { ...targetData(target, t), state: 'solicitada' },
    });
  });
  forgetModuleSessions(deps, affected);
  const notified = await mailProvider(deps, user, target);
  return { key: requestKeyOf(target), state: 'solicitada', provider_notified: notified };
}

function alreadyRequested(target: RequestTarget, state: IntegrationState, t: Translate) {
  const name = targetName(target, t);
  const status = target.kind === 'module' ? moduleStatusOf(state) : state;
  return conflict(`integrations.requests.already_${target.kind}`, {
    name,
    state: t(`integrations.requests.states_${target.kind}.${status}`),
  });
}

async function requestModule(tx: Tx, user: SessionUser, module: CompanyModule) {
  return writeModuleStatus(tx, actorOf(user), module, 'solicitado', 'requested', { by: user.id, at: new Date() });
}

async function requestIntegration(tx: Tx, user: SessionUser, kind: IntegrationKind, t: Translate) {
  // Two requests at once: the unique (company, kind) lets one in; the other is told it is already requested.
  const [row] = await tx
    .insert(integrations)
    .values({ companyId: user.companyId, kind, state: 'solicitada', requestedBy: user.id, requestedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw alreadyRequested({ kind: 'integration', integration: kind }, 'solicitada', t);
  await recordAudit(tx, actorOf(user), {
    entity: 'integration',
    entityId: row.id,
    action: 'requested',
    before: null,
    after: { kind, state: 'solicitada' },
  });
}

/** GET configuracion/integraciones/modulos: every requestable module with its status and last request. */
export async function listModuleRequests(deps: AppDeps, user: SessionUser): Promise<ModuleRequestView[]> {
  const rows = await deps.database.db.select().from(moduleStatus).where(eq(moduleStatus.companyId, user.companyId));
  return REQUESTABLE_MODULES.map((module) => {
    const row = rows.find((r) => r.module === module);
    return { module, status: row?.status ?? null, requested_at: row?.requestedAt?.toISOString() ?? null };
  });
}
