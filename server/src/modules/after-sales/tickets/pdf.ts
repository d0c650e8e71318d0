import { eq } from 'drizzle-orm';
import { formatDate } from '#domain/format';
import { companies, projectSettings, units } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { PdfWriter } from '../../../lib/pdf-writer.ts';
import { fileBytes } from '../../files/service.ts';
import { ticketPlanBoard } from '../failures/plan-pins.ts';
import { pinStateLabel, writePlanPins } from '../failures/plan-pdf.ts';
import type { Ticket } from '../shared/scope.ts';
import { ticketDetail } from './detail.ts';

const ownerName = (p: { name: string; last_name: string } | null) => (p ? `${p.name} ${p.last_name}`.trim() : '-');

/**
 * solicitud/{id}/pdf: the ticket as a document (docs/product.md#defects-on-plans): its data, its failures
 * numbered as on the plan, and each plan page with its pins. Whoever may see the ticket may print it.
 */
export async function ticketPdf(deps: AppDeps, user: SessionUser, t: Translate, ticket: Ticket) {
  const db = deps.database.db;
  const detail = await ticketDetail(deps, user, ticket);
  const board = await ticketPlanBoard(deps, ticket, false);
  const [place] = await db
    .select({ company: companies, settings: projectSettings, unit: units })
    .from(units)
    .innerJoin(companies, eq(companies.id, units.companyId))
    .leftJoin(projectSettings, eq(projectSettings.projectId, units.projectId))
    .where(eq(units.id, ticket.unitId));

  const pdf = await PdfWriter.create();
  const logo = await fileBytes(deps, user, place.settings?.logoPath ?? place.company.logoPath);
  await pdf.header(t('after_sales.ticket_pdf.title', { code: ticket.code }), place.company.name, logo);
  pdf.section(t('after_sales.ticket_pdf.data'));
  pdf.pairs([
    [t('after_sales.export.subject'), detail.subject],
    [t('after_sales.export.state'), t(`after_sales.states.${detail.state}`)],
    [t('after_sales.export.priority'), t(`after_sales.priorities.${detail.priority}`)],
    [t('after_sales.export.origin'), t(`after_sales.origins.${detail.origin}`)],
    [t('after_sales.export.project'), detail.project.name],
    [t('after_sales.export.tower'), detail.tower?.name ?? '-'],
    [t('after_sales.export.unit'), detail.unit.number],
    [t('after_sales.ticket_pdf.unit_type'), detail.unit.unit_type?.name ?? '-'],
    [t('after_sales.export.applicant'), ownerName(detail.applicant)],
    [t('after_sales.export.responsible'), detail.responsible?.full_name ?? '-'],
    [t('after_sales.ticket_pdf.created_at'), formatDate(detail.created_at)],
  ]);

  // The ticket's failures carry the numbers the plan shows (numbered over the whole unit).
  const own = board.failures.filter((f) => f.ticket_id === ticket.id);
  pdf.section(t('after_sales.ticket_pdf.failures'));
  if (own.length)
    pdf.table(
      [t('after_sales.plan_pins.number'), t('after_sales.plan_pins.failure'), t('after_sales.plan_pins.state')],
      own.map((f) => [String(f.number), f.label, pinStateLabel(t, f)]),
      [0.1, 0.65, 0.25],
    );
  else pdf.line(t('after_sales.ticket_pdf.no_failures'));

  const drawn = await writePlanPins(pdf, deps, user, t, place.unit, board.failures);
  if (!drawn && board.plans.length) pdf.line(t('after_sales.ticket_pdf.no_pins'));

  pdf.footer(t('after_sales.ticket_pdf.footer', { date: formatDate(new Date().toISOString()) }));
  return { bytes: await pdf.save(), filename: `solicitud-${ticket.code.replace(/[^\w-]+/g, '_')}.pdf` };
}
