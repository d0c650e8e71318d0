import { failureCreateSchema, ticketCreateSchema, ticketListQuerySchema } from '#domain/schemas/after-sales';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { parseOr422 } from '../../../lib/validate.ts';
import { createFailure, createTicket, listTickets } from '../../after-sales/service.ts';
import type { deliveryRevisionResults } from '../../../db/schema/index.ts';
import { unitPeople, type Unit } from '../shared/scope.ts';

type RevisionResult = typeof deliveryRevisionResults.$inferSelect;

/**
 * docs/product.md §4 pass to after-sales, through the after-sales module's public service: one ticket of
 * origin AE for the unit, applicant its first owner (a receiver if it has no owner), with one
 * failure per pending revision failure (place → item → detail from the catalogue, observation,
 * severity, photos). Their validation, numbering, guarantees and events apply unchanged; the inputs
 * go through their own schemas first, as their service asks.
 */
export async function createAfterSalesTicket(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  unit: Unit,
  pending: RevisionResult[],
) {
  const people = await unitPeople(deps.database.db, unit.id);
  const applicant = people.find((p) => p.role === 'propietario') ?? people[0];
  if (!applicant) throw new ApiError(422, 'deliveries.errors.no_owner');
  const lines = pending.map(
    (r) => `• ${r.placeName} / ${r.itemName}: ${r.failureName ?? ''}${r.observation ? ` (${r.observation})` : ''}`,
  );
  const ticket = await createTicket(
    deps,
    user,
    parseOr422(ticketCreateSchema, {
      unit_id: unit.id,
      applicant_owner_id: applicant.id,
      origin: 'AE',
      responsible_id: unit.responsibleId ?? undefined,
      subject: t('deliveries.after_sales.subject', { unit: unit.number }),
      message: [t('deliveries.after_sales.message', { count: pending.length }), ...lines].join('\n').slice(0, 5000),
    }),
    t,
  );
  const links: { resultId: number; failureId: number }[] = [];
  for (const r of pending) {
    if (!r.failureTypeId) continue;
    const failure = await createFailure(
      deps,
      user,
      ticket.id,
      parseOr422(failureCreateSchema, {
        failure_type_id: r.failureTypeId,
        description: r.observation ?? undefined,
        severity: r.severity ?? undefined,
        attachments: r.photos,
      }),
      t,
      r.planPin,
    );
    links.push({ resultId: r.id, failureId: failure.id });
  }
  return { ticketId: ticket.id, code: ticket.code, links };
}

/** The solicitudes tab: the unit's tickets as the after-sales list gives them (docs/product.md §2 ficha/{unitId}/solicitudes). */
export async function unitTickets(deps: AppDeps, user: SessionUser, unitId: number, query: Record<string, string>) {
  return listTickets(deps.database.db, user, parseOr422(ticketListQuerySchema, { ...query, unit_id: String(unitId) }));
}
