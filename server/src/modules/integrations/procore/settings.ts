import type { z } from 'zod';
import type { procoreSettingsSchema } from '#domain/schemas/procore';
import type { ProcoreProbe, ProcoreRemoteProject } from '#domain/procore-responses';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, conflict } from '../../../lib/errors.ts';
import { OutboundError } from '../../../lib/outbound.ts';
import { loadConnection, openSecrets, saveConnection } from '../connections/service.ts';
import { SyncError } from '../sync/jobs.ts';
import { credentialsOf, forgetToken, procoreRequest, type ProcoreCredentials } from './procore-client.ts';

/** docs/product.md §2 config/integraciones/procore: the account and OAuth client; the secret write-only. */
export async function saveProcoreSettings(
  deps: AppDeps,
  user: SessionUser,
  input: z.output<typeof procoreSettingsSchema>,
) {
  const view = await saveConnection(deps, user, 'procore', {
    settings: { company_id: input.company_id, client_id: input.client_id },
    secrets: { client_secret: input.client_secret },
  });
  forgetToken(user.companyId);
  return view;
}

/** The company's saved credentials; a 409 when something activation needs is still missing. */
export async function savedCredentials(deps: AppDeps, companyId: number): Promise<ProcoreCredentials> {
  const row = await loadConnection(deps.database.db, companyId, 'procore');
  if (!row) throw conflict('integrations.not_requested');
  const credentials = credentialsOf(companyId, row.settings, openSecrets(deps, row));
  if (!credentials) throw conflict('integrations.procore.not_configured');
  return credentials;
}

/** Procore's projects of the account, as {id, name}. */
export async function remoteProjects(deps: AppDeps, c: ProcoreCredentials): Promise<ProcoreRemoteProject[]> {
  const answer = await procoreRequest(deps, c, {
    path: '/rest/v1.0/projects',
    query: { company_id: c.procoreCompanyId },
  });
  const list = Array.isArray(answer.json) ? (answer.json as { id?: unknown; name?: unknown }[]) : [];
  return list
    .filter((p) => (typeof p.id === 'number' || typeof p.id === 'string') && typeof p.name === 'string')
    .map((p) => ({ id: String(p.id), name: String(p.name) }));
}

/**
 * "Probar conexión": a token and the account's projects. Procore refusing the credentials, or not answering, is a
 * 422 in the caller's language (never a 500): the form shows it.
 */
export async function probeProcore(deps: AppDeps, user: SessionUser): Promise<ProcoreProbe> {
  const credentials = await savedCredentials(deps, user.companyId);
  try {
    return { ok: true, projects: await remoteProjects(deps, credentials) };
  } catch (error) {
    if (error instanceof SyncError) {
      const status = error.opts.statusCode;
      const key = status === 401 || status === 403 ? 'integrations.procore.refused' : 'integrations.procore.failed';
      throw new ApiError(422, key, { status: String(status ?? '') });
    }
    if (error instanceof OutboundError) throw new ApiError(422, 'integrations.procore.unreachable');
    throw error;
  }
}
