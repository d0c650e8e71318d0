import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { projectSettingsSchema } from '#domain/schemas/after-sales';
import type { DbOrTx } from '../../../db/client.ts';
import { projects, projectSettings } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { checkLogo, linkLogo } from './logo.ts';

type Input = z.output<typeof projectSettingsSchema>;

async function projectOf(db: DbOrTx, user: SessionUser, projectId: number) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project || project.companyId !== user.companyId || !user.projectIds.includes(projectId)) throw notFound();
  return project;
}

/** docs/product.md §3 Project configuration; a project never configured answers the defaults of the table. */
export async function getSettings(db: DbOrTx, user: SessionUser, projectId: number) {
  const project = await projectOf(db, user, projectId);
  const [row] = await db.select().from(projectSettings).where(eq(projectSettings.projectId, projectId));
  const s = row ?? { ...defaults(), projectId, companyId: user.companyId, updatedAt: null, updatedBy: null };
  return {
    project_id: projectId,
    municipal_reception_date: project.municipalReceptionDate,
    real_estate_name: project.realEstateName,
    warranty_name: project.warrantyName,
    real_estate_id_number: s.realEstateIdNumber,
    legal_representative: s.legalRepresentative,
    legal_representative_id_number: s.legalRepresentativeIdNumber,
    tax_ids: s.taxIds,
    contacts: s.contacts,
    logo_path: s.logoPath,
    response_time_hours: s.responseTimeHours,
    response_action: s.responseAction,
    notification_message: s.notificationMessage,
    owner_confirmation_limit_hours: s.ownerConfirmationLimitHours,
    iframe: { enabled: s.iframe.enabled, allowed_origins: s.iframe.allowedOrigins },
    delivery: s.delivery,
    updated_at: s.updatedAt ? s.updatedAt.toISOString() : null,
  };
}

function defaults() {
  return {
    realEstateIdNumber: null,
    legalRepresentative: null,
    legalRepresentativeIdNumber: null,
    taxIds: [] as string[],
    contacts: [] as never[],
    logoPath: null,
    responseTimeHours: 48,
    responseAction: 'notificar_supervisor',
    notificationMessage: null,
    ownerConfirmationLimitHours: 24,
    iframe: { enabled: false, allowedOrigins: [] as string[] },
    delivery: {} as Record<string, unknown>,
  };
}

/** Saves the fields sent; the project's own dates and names stay on projects (docs/product.md §3). */
export async function saveSettings(deps: AppDeps, user: SessionUser, projectId: number, input: Input) {
  const db = deps.database.db;
  await projectOf(db, user, projectId);
  if (input.logo_path) await checkLogo(deps, user, input.logo_path);
  const [before] = await db
    .select({ logoPath: projectSettings.logoPath })
    .from(projectSettings)
    .where(eq(projectSettings.projectId, projectId));
  const projectPatch: Partial<typeof projects.$inferInsert> = {};
  if (input.municipal_reception_date !== undefined)
    projectPatch.municipalReceptionDate = input.municipal_reception_date;
  if (input.real_estate_name !== undefined) projectPatch.realEstateName = input.real_estate_name;
  if (Object.keys(projectPatch).length) await db.update(projects).set(projectPatch).where(eq(projects.id, projectId));
  const patch: Partial<typeof projectSettings.$inferInsert> = { updatedBy: user.id, updatedAt: new Date() };
  if (input.real_estate_id_number !== undefined) patch.realEstateIdNumber = input.real_estate_id_number;
  if (input.legal_representative !== undefined) patch.legalRepresentative = input.legal_representative;
  if (input.legal_representative_id_number !== undefined)
    patch.legalRepresentativeIdNumber = input.legal_representative_id_number;
  if (input.tax_ids) patch.taxIds = input.tax_ids;
  if (input.contacts) patch.contacts = input.contacts;
  if (input.logo_path !== undefined) patch.logoPath = input.logo_path;
  if (input.response_time_hours !== undefined) patch.responseTimeHours = input.response_time_hours;
  if (input.response_action) patch.responseAction = input.response_action;
  if (input.notification_message !== undefined) patch.notificationMessage = input.notification_message;
  if (input.owner_confirmation_limit_hours !== undefined)
    patch.ownerConfirmationLimitHours = input.owner_confirmation_limit_hours;
  if (input.iframe) patch.iframe = { enabled: input.iframe.enabled, allowedOrigins: input.iframe.allowed_origins };
  await db
    .insert(projectSettings)
    .values({ projectId, companyId: user.companyId, ...patch })
    .onConflictDoUpdate({ target: projectSettings.projectId, set: patch });
  if (input.logo_path !== undefined)
    await linkLogo(deps, user.companyId, projectId, before?.logoPath ?? null, input.logo_path);
  return getSettings(db, user, projectId);
}
