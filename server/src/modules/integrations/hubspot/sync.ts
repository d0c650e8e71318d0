import { eq } from 'drizzle-orm';
import { TICKET_STATES, type TicketState } from '#domain/tickets';
import { hubspotStageOf } from '#domain/schemas/hubspot';
import { companies } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { translator } from '../../../lib/i18n.ts';
import { ticketForCrm, type TicketForCrm } from '../../after-sales/service.ts';
import { SyncError, type NewSyncJob, type SyncConnection, type SyncHandler, type SyncJob } from '../sync/jobs.ts';
import { hubspotApi, idOf } from './api.ts';
import { syncOwnerContacts } from './contacts.ts';
import { hubspotIdOf, linkToHubspot } from './links.ts';

/**
 * The CRM integration's sync (docs/product.md §1 CRM, docs/api.md#hubspot): a new ticket becomes a HubSpot ticket in
 * the company's pipeline with its owners as associated contacts (and a copy to the notification e-mails when
 * send_copy is on); a state change moves the HubSpot ticket's stage.
 */
export const HUBSPOT_ACTIONS = ['ticket.create', 'ticket.stage'] as const;

const stateOf = (value: unknown): TicketState | undefined => TICKET_STATES.find((s) => s === value);

/** The jobs one outbox event asks of HubSpot. */
function jobsOf(event: Parameters<SyncHandler['jobsFor']>[1]): NewSyncJob[] {
  const entity = event.payload.entity as { type?: string; id?: number } | null;
  if (entity?.type !== 'ticket' || typeof entity.id !== 'number') return [];
  const data = (event.payload.data ?? {}) as { state?: unknown };
  if (event.type === 'ticket.created')
    return [
      { action: 'ticket.create', dedupeKey: `outbox:${event.id}:ticket.create`, payload: { ticketId: entity.id } },
    ];
  const state = stateOf(data.state) ?? stateOf(event.payload.to);
  if (event.type === 'ticket.state_changed' && state)
    return [
      { action: 'ticket.stage', dedupeKey: `outbox:${event.id}:ticket.stage`, payload: { ticketId: entity.id, state } },
    ];
  return [];
}

const settingsOf = (connection: SyncConnection) =>
  connection.settings as {
    pipeline_id?: string;
    stage_map?: Partial<Record<TicketState, string>>;
    emails?: string[];
    send_copy?: boolean;
  };

function ticketProperties(ticket: TicketForCrm, connection: SyncConnection) {
  const settings = settingsOf(connection);
  return {
    subject: `${ticket.code} · ${ticket.projectName} · ${ticket.unitNumber} · ${ticket.subject}`.slice(0, 250),
    content: [ticket.subject, `${ticket.projectName} — ${ticket.unitNumber}`, `${ticket.code} (${ticket.origin})`].join(
      '\n',
    ),
    hs_pipeline: settings.pipeline_id,
    hs_pipeline_stage: hubspotStageOf(settings.stage_map, ticket.state),
  };
}

/** A short copy of a ticket sent to HubSpot for each notification e-mail, in the company's language. */
async function sendCopies(deps: AppDeps, companyId: number, ticket: TicketForCrm, connection: SyncConnection) {
  const settings = settingsOf(connection);
  if (!settings.send_copy || !settings.emails?.length) return;
  const [company] = await deps.database.db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, companyId));
  const t = translator(company?.country === 'BR' ? 'pt-BR' : 'es');
  const params = { code: ticket.code, subject: ticket.subject, project: ticket.projectName, unit: ticket.unitNumber };
  for (const to of settings.emails)
    await deps.mailer.send({
      to,
      companyId,
      subject: t('integrations.hubspot.copy_subject', params),
      text: t('integrations.hubspot.copy_text', params),
    });
}

async function createTicket(deps: AppDeps, job: SyncJob, connection: SyncConnection) {
  const ticketId = Number(job.payload.ticketId);
  const ticket = await ticketForCrm(deps.database.db, job.companyId, ticketId);
  if (!ticket) return { result: { skipped: 'ticket_gone' } };
  const api = hubspotApi(deps, connection.secrets.access_token ?? '');
  const link = { companyId: job.companyId, type: 'ticket' as const, id: ticketId };
  let hubspotId = await hubspotIdOf(deps.database.db, link);
  let answer;
  if (!hubspotId) {
    answer = await api('POST', '/crm/v3/objects/tickets', { properties: ticketProperties(ticket, connection) });
    hubspotId = idOf(answer);
    await linkToHubspot(deps.database.db, link, hubspotId);
    await sendCopies(deps, job.companyId, ticket, connection);
  }
  const contacts = await syncOwnerContacts(deps, api, job.companyId, ticket, hubspotId);
  return { statusCode: answer?.status, body: answer?.body, result: { hubspotId, contacts } };
}

async function moveStage(deps: AppDeps, job: SyncJob, connection: SyncConnection) {
  const ticketId = Number(job.payload.ticketId);
  const hubspotId = await hubspotIdOf(deps.database.db, { companyId: job.companyId, type: 'ticket', id: ticketId });
  // The create job has not finished (or failed for good): wait for it rather than move nothing.
  if (!hubspotId) throw new SyncError('HubSpot ticket not created yet', { retry: true });
  const stage = hubspotStageOf(settingsOf(connection).stage_map, stateOf(job.payload.state) ?? 'nueva');
  const api = hubspotApi(deps, connection.secrets.access_token ?? '');
  const answer = await api('PATCH', `/crm/v3/objects/tickets/${encodeURIComponent(hubspotId)}`, {
    properties: { hs_pipeline_stage: stage },
  });
  return { statusCode: answer.status, body: answer.body, result: { hubspotId, stage } };
}

export const hubspotSync: SyncHandler = {
  kind: 'hubspot',
  jobsFor: async (_tx, event) => jobsOf(event),
  perform: (deps, job, connection) =>
    job.action === 'ticket.create' ? createTicket(deps, job, connection) : moveStage(deps, job, connection),
};
