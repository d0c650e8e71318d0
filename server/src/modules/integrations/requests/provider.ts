import { CONFIG_INTEGRATIONS, integrationCommands, moduleStatusOf, type IntegrationState } from '#domain/integrations';
import type { CompanyModule } from '#domain/permission-catalogue';
import { integrationMachine, type IntegrationEventType } from '#machines/integration';
import { runCommand } from '../../../commands/runner.ts';
import type { AppDeps } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { forgetModuleSessions, staffHolding, writeModuleStatus } from '../../config/service.ts';
import { connectionCommand } from '../connections/commands.ts';
import { loadModuleStatus, requestStateOf, targetData } from './targets.ts';
import type { ProviderStep, RequestGrant } from './tokens.ts';

/** Where the administrators' notification leads: the integrations index. */
export const INTEGRATIONS_INDEX_LINK = '/config/integraciones';

/** Each provider step: the machine event it sends and the state the request must be in to take it. */
const STEP = {
  process: { from: 'solicitada', event: 'integration.startProcessing' },
  activate: { from: 'en_proceso', event: 'integration.activate' },
} as const satisfies Record<ProviderStep, { from: IntegrationState; event: IntegrationEventType }>;

/** Whether the link's step can be taken now (an integration's activation is never the provider's). */
export const canTake = (grant: RequestGrant, state: IntegrationState | undefined) =>
  state === STEP[grant.step].from && (grant.step === 'process' || grant.target.kind === 'module');

/** The request a link names, in its company; a link to something its company never asked for is no page (404). */
export async function grantedState(deps: AppDeps, grant: RequestGrant): Promise<IntegrationState> {
  const state = await requestStateOf(deps.database.db, grant.companyId, grant.target);
  if (!state) throw notFound();
  return state;
}

/**
 * POST proveedor/solicitudes/{token}: the link's step, sent as the system through the integration machine, when the
 * request is where the step starts; otherwise nothing (a repeated click, or a step already past) and the page shows
 * the state as it is. The company's integration administrators are notified of the move.
 */
export async function takeStep(deps: AppDeps, grant: RequestGrant, t: Translate): Promise<IntegrationState> {
  const state = await grantedState(deps, grant);
  if (!canTake(grant, state)) return state;
  const notify = {
    users: await staffHolding(deps.database.db, grant.companyId, CONFIG_INTEGRATIONS),
    link: INTEGRATIONS_INDEX_LINK,
  };
  const { target } = grant;
  if (target.kind === 'integration') {
    const view = await connectionCommand(
      deps,
      'system',
      grant.companyId,
      target.integration,
      STEP[grant.step].event,
      t,
      notify,
    );
    return view.state ?? state;
  }
  return moduleCommand(deps, grant.companyId, target.module, STEP[grant.step].event, t, notify);
}

/**
 * A requested module's step through the integration machine (a module request runs the same lifecycle, its states
 * in the module's words): the status written by config's module switch code, so activating it announces the
 * module to every open session of the company.
 */
async function moduleCommand(
  deps: AppDeps,
  companyId: number,
  module: CompanyModule,
  type: IntegrationEventType,
  t: Translate,
  notify: { users: readonly number[]; link: string },
): Promise<IntegrationState> {
  let affected: number[] = [];
  const { value } = await runCommand(deps, {
    machine: integrationMachine,
    machineName: 'integration',
    // module_status has no id of its own: the module's name is in the event's data.
    entity: { type: 'module', id: 0, companyId },
    load: async (tx) => {
      const state = await requestStateOf(tx, companyId, { kind: 'module', module }, true);
      return state && { value: state, row: await loadModuleStatus(tx, companyId, module), projectId: null };
    },
    // A module needs no settings: once the provider has set it up it may be activated.
    event: type === 'integration.activate' ? { type, isConfigured: true } : { type },
    commands: integrationCommands,
    actor: 'system',
    userId: null,
    t,
    eventType: 'integration.state_changed',
    data: (next) => ({ ...targetData({ kind: 'module', module }, t), state: next.to }),
    notify: notify.users,
    link: notify.link,
    persist: async (tx, next) => {
      const status = moduleStatusOf(next.to as IntegrationState);
      affected = await writeModuleStatus(
        tx,
        { companyId, userId: null },
        module,
        status,
        status === 'activo' ? 'enabled' : 'updated',
      );
    },
  });
  forgetModuleSessions(deps, affected);
  return value as IntegrationState;
}
