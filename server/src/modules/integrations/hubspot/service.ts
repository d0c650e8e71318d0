import type { HubspotSettingsInput } from '#domain/schemas/hubspot';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { conflict } from '../../../lib/errors.ts';
import { loadConnection, openSecrets, saveConnection } from '../connections/service.ts';
import { SyncError } from '../sync/jobs.ts';
import { OutboundError } from '../../../lib/outbound.ts';
import { hubspotApi } from './api.ts';

/** docs/product.md §3 CRM integration: the settings kept in the clear and the access token, sealed. */
export function saveHubspotSettings(deps: AppDeps, user: SessionUser, input: HubspotSettingsInput) {
  const { access_token, ...settings } = input;
  return saveConnection(deps, user, 'hubspot', { settings, secrets: { access_token } });
}

export type HubspotProbe = { ok: boolean; message: string };

/**
 * Whether the stored token reaches the configured pipeline (GET the pipeline), told in words: the token is never
 * sent back, HubSpot's own message is kept out (it may quote the request).
 */
export async function probeHubspot(deps: AppDeps, user: SessionUser, t: Translate): Promise<HubspotProbe> {
  const row = await loadConnection(deps.database.db, user.companyId, 'hubspot');
  if (!row) throw conflict('integrations.not_requested');
  const token = openSecrets(deps, row).access_token;
  const pipeline = row.settings.pipeline_id;
  if (!token || typeof pipeline !== 'string' || !pipeline)
    return { ok: false, message: t('integrations.hubspot.probe_unconfigured') };
  try {
    await hubspotApi(deps, token)('GET', `/crm/v3/pipelines/tickets/${encodeURIComponent(pipeline)}`);
    return { ok: true, message: t('integrations.hubspot.probe_ok') };
  } catch (error) {
    const status = error instanceof SyncError ? error.opts.statusCode : undefined;
    if (status === 401 || status === 403) return { ok: false, message: t('integrations.hubspot.probe_token') };
    if (status === 404) return { ok: false, message: t('integrations.hubspot.probe_pipeline') };
    if (error instanceof SyncError || error instanceof OutboundError)
      return { ok: false, message: t('integrations.hubspot.probe_unreachable') };
    throw error;
  }
}
