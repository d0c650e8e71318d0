import { eq } from 'drizzle-orm';
import { formatDate } from '#domain/format';
import { RECEPTION_SIGNED_STATES, type ReceptionState } from '#domain/verifications';
import { companies, projects } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { PdfWriter } from '../../../lib/pdf-writer.ts';
import { timezoneOf } from '../../../lib/time-zones.ts';
import { fileBytes } from '../../files/service.ts';
import type { ReceptionRecord } from '../shared/scope.ts';
import { receptionDetail } from './rows.ts';

/**
 * GET verificaciones/recepciones/{receptionId}/acta.pdf: the record of a signed reception, written on the server with
 * pdf-lib (lib/pdf-writer.ts) in the caller's language: the project and company, the reception, every checkpoint with
 * its result, note and photos, the follow-ups with their due dates and closing, the observations and both signatures.
 */

/** An instant as DD-MM-YYYY HH:mm in a time zone. */
const formatInstant = (iso: string, tz: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
};

const day = (iso: string | null) => (iso ? formatDate(iso) : '-');

export async function receptionPdf(deps: AppDeps, user: SessionUser, t: Translate, reception: ReceptionRecord) {
  if (!(RECEPTION_SIGNED_STATES as readonly ReceptionState[]).includes(reception.state))
    throw conflict('verifications.errors.not_signed');
  const db = deps.database.db;
  const detail = await receptionDetail(db, user, reception);
  const [place] = await db
    .select({ company: companies, project: projects })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(eq(projects.id, reception.projectId));
  const tz = timezoneOf(place.company.country);
  const label = (key: string) => t(`verifications.pdf.${key}`);

  const pdf = await PdfWriter.create();
  await pdf.header(
    `${label('title')} ${detail.code}`,
    `${place.company.name} - ${place.project.name}`,
    await fileBytes(deps, user, place.company.logoPath),
  );

  pdf.section(label('reception'));
  pdf.pairs([
    [label('project'), place.project.name],
    [label('code'), detail.code],
    [label('name'), detail.name],
    [label('work_package'), detail.work_package ?? '-'],
    [label('location'), detail.location ?? '-'],
    [label('contractor'), detail.contractor ?? '-'],
    [label('template'), detail.template?.name ?? '-'],
    [label('planned'), `${day(detail.planned_start)} - ${day(detail.planned_end)}`],
    [label('started_on'), day(detail.started_on)],
    [label('signed_on'), day(detail.signed_on)],
    [label('inspector'), detail.inspector?.name ?? '-'],
    [label('state'), t(`verifications.states.${detail.state}`)],
  ]);

  pdf.section(label('checkpoints'));
  pdf.table(
    [label('number'), label('checkpoint'), label('result'), label('note'), label('photos')],
    detail.items.map((item, i) => [
      String(i + 1),
      item.title,
      item.result ? t(`verifications.results.${item.result}`) : '-',
      item.note ?? '',
      String(item.photos.length),
    ]),
    [0.06, 0.34, 0.14, 0.36, 0.1],
  );
  for (const [i, item] of detail.items.entries()) {
    if (!item.photos.length) continue;
    const images = (await Promise.all(item.photos.map((p) => fileBytes(deps, user, p.path)))).filter(
      (b): b is Uint8Array => Boolean(b),
    );
    if (!images.length) continue;
    pdf.line(`${i + 1}. ${item.title}`);
    await pdf.thumbnails(images, 70);
  }

  pdf.section(label('follow_ups'));
  if (detail.follow_ups.length)
    pdf.table(
      [label('checkpoint'), label('due_on'), label('follow_up_state'), label('closing')],
      detail.follow_ups.map((f) => [
        f.title,
        day(f.due_on),
        t(`verifications.follow_up_states.${f.overdue ? 'vencido' : f.state}`),
        f.state === 'cerrado' ? [day(f.closed_on), f.closed_by?.name, f.closing_note].filter(Boolean).join(' - ') : '-',
      ]),
      [0.34, 0.14, 0.14, 0.38],
    );
  else pdf.line(label('no_follow_ups'));

  pdf.section(label('observations'));
  pdf.line(detail.observations ?? '-');

  const signed = (at: string | undefined) => (at ? ` (${formatInstant(at, tz)})` : '');
  await pdf.signatures([
    {
      label: `${label('inspector_signature')}${signed(detail.inspector_signature?.signed_at)}`,
      name: detail.inspector_signature?.name ?? detail.inspector?.name ?? '',
      image: await fileBytes(deps, user, detail.inspector_signature?.image.path),
    },
    {
      label: `${label('contractor_signature')}${signed(detail.contractor_signature?.signed_at)}`,
      name: detail.contractor_signature?.name ?? '',
      image: await fileBytes(deps, user, detail.contractor_signature?.image.path),
    },
  ]);
  pdf.footer(t('verifications.pdf.footer', { date: formatInstant(new Date().toISOString(), tz) }));
  const bytes = await pdf.save();
  return { bytes, filename: `recepcion-${detail.code.replace(/[^\w-]+/g, '_')}.pdf` };
}
