import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { generalConfigSchema, globalConfigSchema, iframeConfigSchema } from '#domain/schemas/deliveries';
import { fileUrl } from '#domain/files';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { companies, projects, projectSettings, type Contact } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { loadProject } from '../shared/scope.ts';
import { checkLogo, linkLogo } from '../../after-sales/service.ts';
import { frameAncestorsPolicy } from '../../../http/embedding.ts';

type General = z.output<typeof generalConfigSchema>;
type Settings = typeof projectSettings.$inferSelect;
/** docs/product.md §5 "saving with no changes shows a 'no changes to send' message": a 422, nothing written. */
export const noChanges = () => new ApiError(422, 'common.no_changes');

const DEFAULTS = {
  realEstateIdNumber: null,
  legalRepresentative: null,
  legalRepresentativeIdNumber: null,
  taxIds: [] as string[],
  contacts: [] as Contact[],
  logoPath: null,
  responseTimeHours: 48,
  responseAction: 'notificar_supervisor',
  notificationMessage: null,
  ownerConfirmationLimitHours: 24,
  iframe: { enabled: false, allowedOrigins: [] as string[] },
  delivery: {} as Record<string, unknown>,
};

async function settingsOf(db: DbOrTx, projectId: number) {
  const [row] = await db.select().from(projectSettings).where(eq(projectSettings.projectId, projectId));
  return row ?? { ...DEFAULTS, projectId, companyId: 0, updatedBy: null, updatedAt: null as Date | null };
}

const contactView = (c: { name: string; role?: string | null; email?: string | null; phone?: string | null }) => ({
  name: c.name,
  role: c.role ?? null,
  email: c.email ?? null,
  phone: c.phone ?? null,
});

/** The general fields as the API shows them (docs/product.md §3 Project configuration). */
function generalView(
  project: typeof projects.$inferSelect,
  s: Pick<Settings, keyof typeof DEFAULTS> & { updatedAt: Date | null },
) {
  return {
    project_id: project.id,
    municipal_reception_date: project.municipalReceptionDate,
    real_estate_name: project.realEstateName,
    real_estate_id_number: s.realEstateIdNumber,
    legal_representative: s.legalRepresentative,
    legal_representative_id_number: s.legalRepresentativeIdNumber,
    tax_ids: s.taxIds,
    contacts: s.contacts.map(contactView),
    response_time_hours: s.responseTimeHours,
    response_action: s.responseAction,
    notification_message: s.notificationMessage,
    owner_confirmation_limit_hours: s.ownerConfirmationLimitHours,
    accessories: Array.isArray(s.delivery?.accessories) ? (s.delivery.accessories as string[]) : [],
    updated_at: s.updatedAt ? s.updatedAt.toISOString() : null,
  };
}

export async function getGeneral(db: DbOrTx, user: SessionUser, projectId: number) {
  const project = await loadProject(db, user, projectId);
  return generalView(project, await settingsOf(db, projectId));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Writes the fields sent that differ from what is stored; answers how many fields changed. */
async function applyGeneral(tx: Tx, user: SessionUser, projectId: number, sent: Partial<General>) {
  const input = { ...sent, contacts: sent.contacts?.map(contactView) };
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
  const current = await settingsOf(tx, projectId);
  const view = generalView(project, current);
  const changed = (Object.keys(input) as (keyof General)[]).filter(
    (k) => input[k] !== undefined && !same(input[k], view[k as keyof typeof view]),
  );
  if (!changed.length) return 0;
  const has = (k: keyof General) => changed.includes(k);
  const projectPatch: Partial<typeof projects.$inferInsert> = {};
  if (has('municipal_reception_date')) projectPatch.municipalReceptionDate = input.municipal_reception_date ?? null;
  if (has('real_estate_name')) projectPatch.realEstateName = input.real_estate_name ?? null;
  if (Object.keys(projectPatch).length) await tx.update(projects).set(projectPatch).where(eq(projects.id, projectId));
  const patch: Partial<typeof projectSettings.$inferInsert> = { updatedBy: user.id, updatedAt: new Date() };
  if (has('real_estate_id_number')) patch.realEstateIdNumber = input.real_estate_id_number ?? null;
  if (has('legal_representative')) patch.legalRepresentative = input.legal_representative ?? null;
  if (has('legal_representative_id_number'))
    patch.legalRepresentativeIdNumber = input.legal_representative_id_number ?? null;
  if (has('tax_ids')) patch.taxIds = input.tax_ids!;
  if (has('contacts'))
    patch.contacts = input.contacts!.map((c) => ({
      name: c.name,
      role: c.role ?? undefined,
      email: c.email ?? undefined,
      phone: c.phone ?? undefined,
    }));
  if (has('response_time_hours')) patch.responseTimeHours = input.response_time_hours!;
  if (has('response_action')) patch.responseAction = input.response_action!;
  if (has('notification_message')) patch.notificationMessage = input.notification_message ?? null;
  if (has('owner_confirmation_limit_hours')) patch.ownerConfirmationLimitHours = input.owner_confirmation_limit_hours!;
  if (has('accessories')) patch.delivery = { ...current.delivery, accessories: input.accessories };
  await tx
    .insert(projectSettings)
    .values({ ...DEFAULTS, projectId, companyId: user.companyId, ...patch })
    .onConflictDoUpdate({ target: projectSettings.projectId, set: patch });
  return changed.length;
}

/** PUT general: the project's configuration; nothing different from what is stored is a 422 (no changes). */
export async function saveGeneral(deps: AppDeps, user: SessionUser, projectId: number, input: General) {
  const db = deps.database.db;
  await loadProject(db, user, projectId);
  const changed = await db.transaction((tx) => applyGeneral(tx, user, projectId, input));
  if (!changed) throw noChanges();
  return getGeneral(db, user, projectId);
}

async function visibleProjectsOf(db: DbOrTx, user: SessionUser, ids: number[]) {
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, user.companyId), inArray(projects.id, ids.length ? ids : [-1])))
    .orderBy(asc(projects.name));
  if (rows.length !== new Set(ids).size || rows.some((p) => !user.projectIds.includes(p.id))) throw notFound();
  return rows;
}

/**
 * global tab: the values shared by the chosen projects (all visible ones by default, at most 50);
 * a field whose value differs between them is null and listed in `mixed`.
 */
export async function getGlobal(db: DbOrTx, user: SessionUser, projectIds: number[] | undefined) {
  const ids = projectIds?.length ? projectIds : user.projectIds.slice(0, 50);
  const rows = await visibleProjectsOf(db, user, [...ids]);
  const views = await Promise.all(rows.map(async (p) => generalView(p, await settingsOf(db, p.id))));
  const fields = Object.keys(views[0] ?? {}).filter(
    (k) => !['project_id', 'municipal_reception_date', 'updated_at'].includes(k),
  ) as (keyof (typeof views)[number])[];
  const values: Record<string, unknown> = {};
  const mixed: string[] = [];
  for (const f of fields) {
    if (views.every((v) => same(v[f], views[0][f]))) values[f] = views[0][f];
    else {
      values[f] = null;
      mixed.push(f);
    }
  }
  return { projects: rows.map((p) => ({ id: p.id, name: p.name })), values, mixed };
}

/** PUT global: the fields sent are written to every chosen project in one transaction. */
export async function saveGlobal(deps: AppDeps, user: SessionUser, input: z.output<typeof globalConfigSchema>) {
  const db = deps.database.db;
  const { project_ids, ...fields } = input;
  await visibleProjectsOf(db, user, project_ids);
  const updated = await db.transaction(async (tx) => {
    let n = 0;
    for (const id of new Set(project_ids)) if (await applyGeneral(tx, user, id, fields)) n++;
    return n;
  });
  if (!updated) throw noChanges();
  return { updated, ...(await getGlobal(db, user, project_ids)) };
}

/** logo tab: the project's logo (an image of the company), falling back to the company's. */
export async function getLogo(db: DbOrTx, user: SessionUser, projectId: number) {
  await loadProject(db, user, projectId);
  const s = await settingsOf(db, projectId);
  const [company] = await db
    .select({ logoPath: companies.logoPath })
    .from(companies)
    .where(eq(companies.id, user.companyId));
  const effective = s.logoPath ?? company?.logoPath ?? null;
  return {
    logo_path: s.logoPath,
    company_logo_path: company?.logoPath ?? null,
    url: effective ? fileUrl(effective) : null,
  };
}

export async function saveLogo(deps: AppDeps, user: SessionUser, projectId: number, logoPath: string | null) {
  const db = deps.database.db;
  await loadProject(db, user, projectId);
  const current = await settingsOf(db, projectId);
  if (same(current.logoPath, logoPath)) throw noChanges();
  if (logoPath) await checkLogo(deps, user, logoPath, { field: 'logo_path', key: 'deliveries.errors.invalid_image' });
  const patch = { logoPath, updatedBy: user.id, updatedAt: new Date() };
  await db
    .insert(projectSettings)
    .values({ ...DEFAULTS, projectId, companyId: user.companyId, ...patch })
    .onConflictDoUpdate({ target: projectSettings.projectId, set: patch });
  await linkLogo(deps, user.companyId, projectId, current.logoPath, logoPath);
  return getLogo(db, user, projectId);
}

/** iframe tab: whether the owner portal may be framed and by which origins (frame-ancestors). */
export async function getIframe(db: DbOrTx, user: SessionUser, projectId: number) {
  await loadProject(db, user, projectId);
  const s = await settingsOf(db, projectId);
  return {
    enabled: s.iframe.enabled,
    allowed_origins: s.iframe.allowedOrigins,
    frame_ancestors: frameAncestorsPolicy(s.iframe.enabled ? s.iframe.allowedOrigins : []),
  };
}

export async function saveIframe(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  input: z.output<typeof iframeConfigSchema>,
) {
  const db = deps.database.db;
  await loadProject(db, user, projectId);
  const current = await settingsOf(db, projectId);
  const iframe = {
    enabled: input.enabled,
    allowedOrigins: [...new Set(input.allowed_origins.map((o) => o.toLowerCase()))],
  };
  if (same(current.iframe, iframe)) throw noChanges();
  const patch = { iframe, updatedBy: user.id, updatedAt: new Date() };
  await db
    .insert(projectSettings)
    .values({ ...DEFAULTS, projectId, companyId: user.companyId, ...patch })
    .onConflictDoUpdate({ target: projectSettings.projectId, set: patch });
  return getIframe(db, user, projectId);
}
