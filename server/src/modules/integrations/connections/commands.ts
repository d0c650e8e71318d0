import { eq } from 'drizzle-orm';
import {
  INTEGRATION_NAMES,
  integrationCommands,
  type IntegrationKind,
  type IntegrationState,
} from '#domain/integrations';
import type { AuditAction } from '#domain/audit';
import { integrationMachine, type IntegrationEvent, type IntegrationEventType } from '#machines/integration';
import { integrations } from '../../../db/schema/index.ts';
import { runCommand } from '../../../commands/runner.ts';
import type { CommandActor } from '../../../auth/guard.ts';
import type { AppDeps } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { actorOf, recordAudit } from '../../config/service.ts';
import { isConfigured, loadConnection, openSecrets, viewOf } from './service.ts';

/**
 * Every state change of an integration (docs/product.md §4: requested → in process → active; then activated and
 * deactivated) through the command runner: the permission from domain/integrations.ts, the machine decides (it
 * refuses to activate what is not configured), the state, history, audit line and the outbox event
 * (integration.state_changed) commit together. The machine's startSync/stopSync are the state itself: the
 * integration's consumers send and receive only while it is active (runningConnection).
 */
export async function connectionCommand(
  deps: AppDeps,
  actor: CommandActor,
  companyId: number,
  kind: IntegrationKind,
  type: IntegrationEventType,
  t: Translate,
  /** Who hears of the change (the provider's steps tell the company's administrators). */
  notify?: { users: readonly number[]; link: string },
) {
  const current = await loadConnection(deps.database.db, companyId, kind);
  const { result } = await runCommand(deps, {
    machine: integrationMachine,
    machineName: 'integration',
    entity: { type: 'integration', id: current?.id ?? 0, companyId },
    load: async (tx) => {
      const row = await loadConnection(tx, companyId, kind, true);
      return row && { value: row.state, row, projectId: null };
    },
    event: eventOf(type, current ? isConfigured(kind, current.settings, openSecrets(deps, current)) : false),
    commands: integrationCommands,
    actor,
    userId: typeof actor === 'object' ? actor.id : null,
    t,
    data: (next) => ({ kind, state: next.to, subject: INTEGRATION_NAMES[kind] }),
    notify: notify?.users,
    link: notify?.link,
    persist: async (tx, next) => {
      const [after] = await tx
        .update(integrations)
        .set({ state: next.to as IntegrationState, updatedAt: new Date() })
        .where(eq(integrations.id, next.row.id))
        .returning();
      const userId = typeof actor === 'object' ? actor.id : null;
      await recordAudit(tx, userId ? actorOf({ id: userId, companyId }) : { companyId, userId: null }, {
        entity: 'integration',
        entityId: after.id,
        action: AUDIT_ACTION_OF[next.to as IntegrationState],
        before: { kind, state: next.from },
        after: { kind, state: next.to },
      });
      return after;
    },
  });
  return viewOf(deps, kind, result);
}

const AUDIT_ACTION_OF = {
  solicitada: 'requested',
  en_proceso: 'updated',
  activa: 'enabled',
  inactiva: 'disabled',
} as const satisfies Record<IntegrationState, AuditAction>;

function eventOf(type: IntegrationEventType, configured: boolean): IntegrationEvent {
  return type === 'integration.activate' ? { type, isConfigured: configured } : { type };
}
