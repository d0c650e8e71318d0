import { emptyBody, type CommandTable } from './commands.ts';
import { COMPANY_MODULES, type CompanyModule } from './permission-catalogue.ts';
import { CONFIG_INTEGRATIONS } from './permissions.ts';

/** Who may see and change the company's integrations (named in domain/permissions.ts). */
export { CONFIG_INTEGRATIONS };

/**
 * Integrations and requested modules (docs/product.md §1, §2 config/integraciones, §3 CRM integration, §4): the
 * contract the machine (machines/integration.ts), the server (server/src/modules/integrations) and the client
 * (client/src/modules/integrations) read.
 */

/** The services a company can connect: a CRM, a construction platform and a scheduling tool (calendar feeds). */
export const INTEGRATION_KINDS = ['hubspot', 'procore', 'calendario'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** docs/product.md §4: requested, in process, active; then switched on and off. */
export const INTEGRATION_STATES = ['solicitada', 'en_proceso', 'activa', 'inactiva'] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

/** An integration sends and receives only while active. */
export const INTEGRATION_RUNNING_STATES = ['activa'] as const satisfies readonly IntegrationState[];

/**
 * Integration machine event → URL verb (POST configuracion/integraciones/{kind}/<verb>), permission, body. Moving a
 * request on (en proceso, then active for a module) is the provider's, through the signed link of the request
 * e-mail: no verb, sent as the system.
 */
export const integrationCommands = {
  'integration.startProcessing': { permission: CONFIG_INTEGRATIONS, body: emptyBody },
  'integration.activate': { verb: 'activar', permission: CONFIG_INTEGRATIONS, body: emptyBody },
  'integration.deactivate': { verb: 'desactivar', permission: CONFIG_INTEGRATIONS, body: emptyBody },
} as const satisfies CommandTable;

/**
 * What can be requested from the provider (docs/product.md §4 "modules and integrations may be requested"): a
 * module of the catalogue or an integration. Cbox's request key is biblioteca_solicitar_activacion (§2).
 */
export type RequestTarget =
  { kind: 'module'; module: CompanyModule } | { kind: 'integration'; integration: IntegrationKind };
export const requestKeyOf = (target: RequestTarget) =>
  target.kind === 'module' ? `${target.module}_solicitar_activacion` : `${target.integration}_solicitar_activacion`;
export const REQUESTABLE_MODULES: readonly CompanyModule[] = COMPANY_MODULES.filter((m) => m !== 'integraciones');

/** A module's activation (module_status), the same lifecycle in the module's words: solicitado, en proceso, activo. */
export const MODULE_STATUSES = ['solicitado', 'en_proceso', 'activo', 'inactivo'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

const MODULE_STATUS_OF = {
  solicitada: 'solicitado',
  en_proceso: 'en_proceso',
  activa: 'activo',
  inactiva: 'inactivo',
} as const satisfies Record<IntegrationState, ModuleStatus>;

/** The integration machine's state as a module's status, and back (a module request runs the same machine). */
export const moduleStatusOf = (state: IntegrationState): ModuleStatus => MODULE_STATUS_OF[state];
export const integrationStateOf = (status: ModuleStatus): IntegrationState =>
  INTEGRATION_STATES.find((s) => MODULE_STATUS_OF[s] === status)!;

/**
 * The settings an integration needs before it can be activated (the machine's isConfigured), and which of them are
 * secrets: sealed at rest and never answered back (the screens show only whether one is set and its last characters).
 */
export const INTEGRATION_SETTINGS = {
  hubspot: { required: ['app_id', 'pipeline_id', 'access_token'], secret: ['access_token'] },
  procore: { required: ['company_id', 'client_id', 'client_secret'], secret: ['client_secret'] },
  calendario: { required: [], secret: [] },
} as const satisfies Record<IntegrationKind, { required: readonly string[]; secret: readonly string[] }>;

/** A call the server owes an integration (a CRM ticket to create, a stage to move): pending, done, or failed for good. */
export const SYNC_JOB_STATES = ['pendiente', 'hecho', 'fallido'] as const;
export type SyncJobState = (typeof SYNC_JOB_STATES)[number];
/** The integrations whose calls go through the sync jobs (server/src/modules/integrations/sync). */
export const SYNCED_KINDS = ['hubspot', 'procore'] as const satisfies readonly IntegrationKind[];
export type SyncedKind = (typeof SYNCED_KINDS)[number];
/** How many lines of an integration's log a screen shows (docs/product.md §9, as for webhooks). */
export const SYNC_LOG_LIMIT = 100;

/** The services' own names, the same in every language. */
export const INTEGRATION_NAMES = {
  hubspot: 'HubSpot',
  procore: 'Procore',
  calendario: 'Calendario',
} as const satisfies Record<IntegrationKind, string>;
