import { and, eq } from 'drizzle-orm';
import {
  INTEGRATION_KINDS,
  INTEGRATION_SETTINGS,
  type IntegrationKind,
  type IntegrationState,
} from '#domain/integrations';
import type { ConnectionView } from '#domain/integrations-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { integrations } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { createSecretBox } from '../../../lib/secret-box.ts';
import { actorOf, recordAudit } from '../../config/service.ts';

export type ConnectionRow = typeof integrations.$inferSelect;
type Secrets = Record<string, string>;

const secretFields = (kind: IntegrationKind): readonly string[] => INTEGRATION_SETTINGS[kind].secret;

export function openSecrets(deps: Pick<AppDeps, 'config'>, row: Pick<ConnectionRow, 'secrets'>): Secrets {
  if (!row.secrets) return {};
  return JSON.parse(createSecretBox(deps.config.signingSecret).open(row.secrets)) as Secrets;
}

function sealSecrets(deps: Pick<AppDeps, 'config'>, secrets: Secrets): string | null {
  const kept = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== ''));
  return Object.keys(kept).length ? createSecretBox(deps.config.signingSecret).seal(JSON.stringify(kept)) : null;
}

const isPresent = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);

/** The machine's isConfigured: every required setting is saved (a secret counts when it is set). */
export function isConfigured(kind: IntegrationKind, settings: Record<string, unknown>, secrets: Secrets): boolean {
  return INTEGRATION_SETTINGS[kind].required.every((field: string) =>
    secretFields(kind).includes(field) ? isPresent(secrets[field]) : isPresent(settings[field]),
  );
}

/** What a screen may know of a connection: never a secret, only whether it is set and its last four characters. */
export function viewOf(deps: Pick<AppDeps, 'config'>, kind: IntegrationKind, row?: ConnectionRow): ConnectionView {
  const secrets = row ? openSecrets(deps, row) : {};
  const settings = row?.settings ?? {};
  return {
    kind,
    state: row?.state ?? null,
    configured: isConfigured(kind, settings, secrets),
    settings,
    secrets: Object.fromEntries(
      secretFields(kind).map((field) => {
        const value = secrets[field];
        return [field, { set: Boolean(value), last4: value && value.length >= 12 ? value.slice(-4) : null }];
      }),
    ),
    requested_at: row?.requestedAt?.toISOString() ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function loadConnection(db: DbOrTx, companyId: number, kind: IntegrationKind, forUpdate = false) {
  const query = db
    .select()
    .from(integrations)
    .where(and(eq(integrations.companyId, companyId), eq(integrations.kind, kind)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row as ConnectionRow | undefined;
}

/** Every integration the product offers, with the company's state of each (null: never requested). */
export async function listConnections(deps: AppDeps, user: SessionUser): Promise<ConnectionView[]> {
  const rows = await deps.database.db.select().from(integrations).where(eq(integrations.companyId, user.companyId));
  return INTEGRATION_KINDS.map((kind) =>
    viewOf(
      deps,
      kind,
      rows.find((r) => r.kind === kind),
    ),
  );
}

export async function connectionOf(deps: AppDeps, user: SessionUser, kind: IntegrationKind): Promise<ConnectionView> {
  return viewOf(deps, kind, await loadConnection(deps.database.db, user.companyId, kind));
}

/**
 * Saves an integration's settings (merged over what is stored) and secrets (a field left out keeps its value, an
 * empty string clears it). Only once requested: a connection the provider never set up has nothing to configure.
 */
export async function saveConnection(
  deps: AppDeps,
  user: SessionUser,
  kind: IntegrationKind,
  input: { settings?: Record<string, unknown>; secrets?: Record<string, string | undefined> },
): Promise<ConnectionView> {
  const row = await deps.database.db.transaction(async (tx) => {
    const before = await loadConnection(tx, user.companyId, kind, true);
    if (!before) throw conflict('integrations.not_requested');
    const secrets = { ...openSecrets(deps, before) };
    for (const [field, value] of Object.entries(input.secrets ?? {})) {
      if (value !== undefined && secretFields(kind).includes(field)) secrets[field] = value;
    }
    const settings = { ...before.settings, ...input.settings };
    const [after] = await tx
      .update(integrations)
      .set({ settings, secrets: sealSecrets(deps, secrets), updatedAt: new Date() })
      .where(eq(integrations.id, before.id))
      .returning();
    const changedSecrets = Object.keys(input.secrets ?? {}).filter((f) => input.secrets?.[f] !== undefined);
    await recordAudit(tx, actorOf(user), {
      entity: 'integration',
      entityId: before.id,
      action: 'updated',
      before: { kind, ...before.settings },
      after: { kind, ...settings, ...Object.fromEntries(changedSecrets.map((f) => [f, '••••'])) },
    });
    return after;
  });
  return viewOf(deps, kind, row);
}

/** The integration's settings and opened secrets, for the server's own calls; undefined when it does not run. */
export async function runningConnection(
  deps: AppDeps,
  db: DbOrTx,
  companyId: number,
  kind: IntegrationKind,
  running: readonly IntegrationState[] = ['activa'],
) {
  const row = await loadConnection(db, companyId, kind);
  if (!row || !running.includes(row.state)) return undefined;
  return { row, settings: row.settings, secrets: openSecrets(deps, row) };
}

/** A kind from a path segment; anything else is no such integration (404). */
export function kindParam(value: string | undefined): IntegrationKind {
  const kind = INTEGRATION_KINDS.find((k) => k === value);
  if (!kind) throw notFound();
  return kind;
}
