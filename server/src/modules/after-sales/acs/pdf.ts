import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { acPdfName } from '#domain/acs';
import {
  acs,
  companies,
  failures,
  owners,
  projects,
  projectSettings,
  towers,
  unitOwners,
  units,
  users,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { PdfWriter } from '../../../lib/pdf-writer.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { fullName } from '../../../db/staff.ts';
import { openFile } from '../../files/service.ts';
import type { Ticket } from '../shared/scope.ts';

type Ac = typeof acs.$inferSelect;
/** What the signed act prints that the stored AC does not hold yet: it is drawn before the sign-off is written. */
export type AcSigning = { signerName: string; signature: Uint8Array; signedAt: Date; agentId: number | null };

/** Photos per failure in the act: enough to show the repair, small enough for an e-mailed PDF. */
const PHOTOS_PER_FAILURE = 6;
const THUMBNAIL_PX = 240;

/** A stored file of the ticket as the caller may read it (files/access.ts); unreadable or missing → undefined. */
export async function fileBytes(deps: AppDeps, user: SessionUser, path: string): Promise<Uint8Array | undefined> {
  try {
    const opened = await openFile(deps, user, path, { method: 'GET' });
    if (opened.status !== 200 || !opened.body) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Buffer));
    return new Uint8Array(Buffer.concat(chunks));
  } catch {
    return undefined;
  }
}

/** A photo → a small JPEG the PDF embeds (any format sharp reads); undecodable → undefined. */
async function thumbnail(bytes: Uint8Array | undefined): Promise<Uint8Array | undefined> {
  if (!bytes) return undefined;
  try {
    const out = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
    return new Uint8Array(out);
  } catch {
    return undefined;
  }
}

/** Date and time (24 h) in the company's zone: a PDF has no browser to ask (server/src/lib/time-zones.ts). */
function localDateTime(at: Date, country: string | null) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: countryTimezone(country),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

async function personName(deps: AppDeps, id: number | null) {
  if (!id) return '';
  const [u] = await deps.database.db.select().from(users).where(eq(users.id, id));
  return u ? fullName(u) : '';
}

/**
 * The conformity act as a PDF (docs/product.md#ac-sign-off): company, project, unit, owners, ticket code, each
 * failure of the act with its state and photos, the owner's answer, the agent, the date, and the owner's
 * signature and name. Without `signing` and unsigned it is a preview, marked as such.
 */
export async function acPdf(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  ticket: Ticket,
  ac: Ac,
  signing?: AcSigning,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const db = deps.database.db;
  const [place] = await db
    .select({ project: projects, company: companies, settings: projectSettings, unit: units, tower: towers })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(projectSettings, eq(projectSettings.projectId, projects.id))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .where(eq(units.id, ticket.unitId));
  const people = await db
    .select({ name: owners.name, lastName: owners.lastName, role: unitOwners.role })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(eq(unitOwners.unitId, ticket.unitId))
    .orderBy(asc(owners.id));
  const covered = await db.select().from(failures).where(eq(failures.acId, ac.id)).orderBy(asc(failures.id));

  const pdf = await PdfWriter.create();
  const logoPath = place.settings?.logoPath ?? place.company.logoPath;
  await pdf.header(
    t('after_sales.ac_pdf.title', { code: ac.code }),
    place.company.name,
    logoPath ? await fileBytes(deps, user, logoPath) : undefined,
  );
  const isSigned = Boolean(signing ?? ac.signedAt);
  if (!isSigned) pdf.note(t('after_sales.ac_pdf.preview'));

  pdf.section(t('after_sales.ac_pdf.property'));
  pdf.pairs([
    [t('after_sales.ac_pdf.project'), place.project.name],
    [t('after_sales.ac_pdf.address'), [place.project.address, place.project.commune].filter(Boolean).join(', ')],
    [t('after_sales.ac_pdf.unit'), [place.tower?.name, place.unit.number].filter(Boolean).join(' · ')],
    [
      t('after_sales.ac_pdf.owners'),
      people.map((p) => `${p.name} ${p.lastName}`.trim() + ` (${t(`deliveries.roles.${p.role}`)})`).join('; '),
    ],
    [t('after_sales.ac_pdf.ticket'), `${ticket.code} · ${ticket.subject}`],
    [t('after_sales.ac_pdf.state'), t(`after_sales.ac_states.${ac.state}`)],
  ]);

  pdf.section(t('after_sales.ac_pdf.failures'));
  if (!covered.length) pdf.line('-');
  for (const [i, f] of covered.entries()) {
    pdf.line(
      `${i + 1}. ${[f.placeName, f.itemName, f.detailName].filter(Boolean).join(' › ')}: ${t(`after_sales.failure_states.${f.state}`)}`,
    );
    if (f.description) pdf.line(f.description);
    const photos = f.attachments.slice(0, PHOTOS_PER_FAILURE);
    const images = await Promise.all(photos.map(async (a) => thumbnail(await fileBytes(deps, user, a.path))));
    await pdf.thumbnails(images.filter((b): b is Uint8Array => Boolean(b)));
  }

  pdf.section(t('after_sales.ac_pdf.answer'));
  pdf.pairs([
    [t('after_sales.ac_pdf.result'), t(`after_sales.ac_states.${ac.state}`)],
    [t('after_sales.ac_pdf.reply'), ac.reply ?? ''],
    [
      t('after_sales.ac_pdf.replied'),
      ac.repliedAt
        ? `${localDateTime(ac.repliedAt, place.company.country)} · ${await personName(deps, ac.repliedBy)}`
        : '',
    ],
  ]);
  if (ac.attachments.length) {
    const images = await Promise.all(
      ac.attachments.slice(0, PHOTOS_PER_FAILURE).map(async (a) => thumbnail(await fileBytes(deps, user, a.path))),
    );
    await pdf.thumbnails(images.filter((b): b is Uint8Array => Boolean(b)));
  }

  const signedAt = signing?.signedAt ?? ac.signedAt ?? new Date();
  const agentId = signing ? signing.agentId : ac.signedVia === 'agente' ? ac.signedBy : null;
  const agent = await personName(deps, agentId ?? ac.repliedBy ?? ticket.responsibleId);
  pdf.section(t('after_sales.ac_pdf.sign_off'));
  pdf.pairs([
    [t('after_sales.ac_pdf.agent'), agent],
    [t('after_sales.ac_pdf.date'), localDateTime(signedAt, place.company.country)],
  ]);
  const signature =
    signing?.signature ?? (ac.signaturePath ? await fileBytes(deps, user, ac.signaturePath) : undefined);
  await pdf.signatures([
    {
      label: t('after_sales.ac_pdf.owner_signature'),
      name: signing?.signerName ?? ac.signerName ?? '',
      image: signature,
    },
  ]);
  // The day in the company's zone, as the date above (a UTC date would be the next day on a Chilean evening).
  const day = localDateTime(signedAt, place.company.country).slice(0, 10);
  pdf.footer(t('after_sales.ac_pdf.footer', { code: ac.code, date: day }));
  return { bytes: await pdf.save(), filename: acPdfName(ac.code) };
}

/**
 * The act as it stands (GET …/ac/{acId}/pdf): once signed, the PDF stored at the signature, byte for byte;
 * before, a preview drawn now. A signed act whose stored file cannot be read is drawn again from what the AC
 * holds, its signature included.
 */
export async function currentAcPdf(deps: AppDeps, user: SessionUser, t: Translate, ticket: Ticket, ac: Ac) {
  const stored = ac.signedPdfPath ? await fileBytes(deps, user, ac.signedPdfPath) : undefined;
  return stored ? { bytes: stored, filename: acPdfName(ac.code) } : acPdf(deps, user, t, ticket, ac);
}
