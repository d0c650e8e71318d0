import { eq } from 'drizzle-orm';
import { TICKET_UNRESOLVED_STATES, type TicketState } from '#domain/tickets';
import type { FailureState } from '#machines/failure';
import type { OrderState } from '#machines/order';
import type { Tx } from './client.ts';
import {
  acs,
  activityLog,
  failures,
  orderFailures,
  orders,
  projects,
  ticketMessages,
  ticketPauses,
  tickets,
  units,
  warrantyCounters,
} from './schema/index.ts';
import {
  chileWarrantyTerms,
  ownerMessages,
  privateNotes,
  staffReplies,
  ticketSubjects,
} from './seed-after-sales-data.ts';

export type CatalogueEntry = {
  unitTypeId: number;
  placeId: number;
  placeName: string;
  itemId: number;
  itemName: string;
  category: string;
  typeId: number;
  typeName: string;
  severity: 'leve' | 'moderada' | 'grave';
};
type Project = typeof projects.$inferSelect;
type OwnedUnit = { unit: typeof units.$inferSelect; ownerId: number; ownerUserId: number | null };
type People = { admin: number; supervisor: number; agente: number; inspector: number };

const day = 86_400_000;
const hour = 3_600_000;
/** States of the 74 tickets of the open projects (docs/product.md §4); the closed project adds 6 finished ones. */
const STATE_PLAN: [TicketState, number][] = [
  ['finalizada', 8],
  ['no_aplica', 4],
  ['resuelta', 8],
  ['postergada', 6],
  ['en_proceso', 18],
  ['abierta', 14],
  ['nueva', 12],
  ['fusionada', 4],
];
const PRIORITIES = ['medium', 'high', 'low', 'urgent', 'medium', 'high'] as const;
const ORIGINS = ['CALL', 'PWA', 'EMAIL', 'WEB', 'AE', 'APP'] as const;
/** Tickets per demo project (by index). */
const PER_PROJECT = [36, 14, 12, 6, 12, 0];
/** Which demo projects (by index) agente and inspector see (seed-data roleProjects). */
const SEES = { agente: [0, 1, 2], inspector: [0, 1, 4] };

const addYears = (iso: string, years: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  if (d.getUTCDate() !== Number(iso.slice(8, 10))) d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

/** A quarter-hour visit slot in the coming two weeks, on a weekday between 9:00 and 16:45 (Chile, UTC-3). */
function slot(now: Date, k: number): Date {
  const d = new Date(now.getTime() + (1 + (k % 13)) * day);
  if (d.getUTCDay() === 0) d.setTime(d.getTime() + day);
  if (d.getUTCDay() === 6) d.setTime(d.getTime() + 2 * day);
  d.setUTCHours(12 + (k % 8), [0, 15, 30, 45][k % 4], 0, 0);
  return d;
}

/** Failure states consistent with the ticket's (docs/product.md §4): closing removed pending ones, resolving needs none. */
function failureStateFor(ticketState: TicketState, f: number): FailureState | undefined {
  switch (ticketState) {
    case 'nueva':
    case 'abierta':
    case 'postergada':
      return 'pendiente';
    case 'en_proceso':
      return (['pendiente', 'falla', 'solucionada'] as const)[f % 3];
    case 'resuelta':
      return (['solucionada', 'cumple', 'solucionada'] as const)[f % 3];
    case 'finalizada':
      return (['solucionada', 'no_aplica', 'cumple'] as const)[f % 3];
    case 'no_aplica':
      return f === 0 ? 'no_aplica' : undefined;
    default:
      return undefined;
  }
}

/** Builds every row in memory, then writes each table in one statement (the seed runs per test file). */
export async function seedAfterSalesTickets(
  tx: Tx,
  ctx: {
    companyId: number;
    now: Date;
    projects: Project[];
    catalogue: CatalogueEntry[];
    units: OwnedUnit[];
    people: People;
  },
) {
  const { companyId, now, people } = ctx;
  const states = STATE_PLAN.flatMap(([s, n]) => Array.from({ length: n }, () => s));
  const counters = new Map<string, number>();
  const next = (projectId: number, kind: string) => {
    const v = (counters.get(`${projectId}:${kind}`) ?? 0) + 1;
    counters.set(`${projectId}:${kind}`, v);
    return v;
  };

  type Plan = { project: Project; p: number; unit: OwnedUnit; state: TicketState; mergeIntoIndex?: number };
  const plan: Plan[] = [];
  let cursor = 0;
  for (const [p, project] of ctx.projects.entries()) {
    const pool = ctx.units.filter((u) => u.unit.projectId === project.id);
    for (let k = 0; k < PER_PROJECT[p] && pool.length; k++) {
      const state = project.isClosed ? 'finalizada' : states[(cursor++ * 7) % states.length];
      // A merged ticket shares the unit of the previous ticket of its project, which survives it.
      const prev = plan.length - 1;
      const mergeable =
        state === 'fusionada' && prev >= 0 && plan[prev].project.id === project.id && plan[prev].state !== 'fusionada';
      plan.push({
        project,
        p,
        unit: mergeable ? plan[prev].unit : pool[(k * 7) % pool.length],
        state: state === 'fusionada' && !mergeable ? 'abierta' : state,
        mergeIntoIndex: mergeable ? prev : undefined,
      });
    }
  }

  const ticketValues = plan.map((item, i): typeof tickets.$inferInsert => {
    const { project, p, unit, state } = item;
    const responsibleId = i % 4 === 3 || !SEES.agente.includes(p) ? people.supervisor : people.agente;
    const createdAt = new Date(now.getTime() - (88 - (i % 80)) * day - (i % 9) * hour);
    const isOpen = (TICKET_UNRESOLVED_STATES as readonly string[]).includes(state);
    const updatedAt = new Date(Math.min(now.getTime() - hour, createdAt.getTime() + (isOpen ? 3 : 12) * day));
    const number = next(project.id, 'ticket');
    return {
      companyId,
      projectId: project.id,
      towerId: unit.unit.towerId,
      unitId: unit.unit.id,
      number,
      code: `${project.code}-${String(number).padStart(5, '0')}`,
      subject: ticketSubjects[i % ticketSubjects.length],
      applicantOwnerId: unit.ownerId,
      origin: unit.ownerUserId && i % 3 === 0 ? ('PWA' as const) : ORIGINS[i % ORIGINS.length],
      responsibleId,
      priority: PRIORITIES[i % PRIORITIES.length],
      cc: i % 5 === 0 ? [people.admin] : [],
      state,
      previousState: state === 'postergada' ? 'abierta' : null,
      closeJustification: ['finalizada', 'no_aplica'].includes(state)
        ? 'Se verificó en terreno y se dio respuesta al propietario.'
        : null,
      createdBy: responsibleId,
      firstResponseAt: state === 'nueva' ? null : new Date(createdAt.getTime() + (6 + (i % 40)) * hour),
      resolvedAt: isOpen ? null : updatedAt,
      createdAt,
      updatedAt,
    };
  });
  const rows = await tx.insert(tickets).values(ticketValues).returning();
  for (const [i, item] of plan.entries()) {
    if (item.mergeIntoIndex !== undefined) {
      await tx.update(tickets).set({ mergedIntoId: rows[item.mergeIntoIndex].id }).where(eq(tickets.id, rows[i].id));
    }
  }

  const messages: (typeof ticketMessages.$inferInsert)[] = [];
  const activity: (typeof activityLog.$inferInsert)[] = [];
  const pauses: (typeof ticketPauses.$inferInsert)[] = [];
  for (const [i, t] of rows.entries()) {
    const owner = plan[i].unit.ownerUserId;
    const author = t.origin === 'PWA' && owner ? owner : t.responsibleId;
    messages.push({
      companyId,
      ticketId: t.id,
      authorId: author,
      visibility: 'public',
      body: ownerMessages[i % ownerMessages.length],
      createdAt: t.createdAt,
    });
    activity.push({
      companyId,
      projectId: t.projectId,
      entityType: 'ticket',
      entityId: t.id,
      action: 'ticket.create',
      toState: 'nueva',
      userId: author,
      createdAt: t.createdAt,
    });
    if (t.state !== 'nueva') {
      messages.push({
        companyId,
        ticketId: t.id,
        authorId: t.responsibleId,
        visibility: 'public',
        body: staffReplies[i % staffReplies.length],
        createdAt: t.firstResponseAt!,
      });
      if (i % 2 === 0)
        messages.push({
          companyId,
          ticketId: t.id,
          authorId: t.responsibleId,
          visibility: 'private',
          body: privateNotes[i % privateNotes.length],
          createdAt: new Date(t.firstResponseAt!.getTime() + hour),
        });
      const action =
        t.state === 'postergada'
          ? 'ticket.postpone'
          : t.state === 'fusionada'
            ? 'ticket.merge'
            : t.state === 'finalizada'
              ? 'ticket.close'
              : 'ticket.saveAs';
      activity.push({
        companyId,
        projectId: t.projectId,
        entityType: 'ticket',
        entityId: t.id,
        action,
        fromState: 'nueva',
        toState: t.state,
        userId: t.responsibleId,
        createdAt: t.updatedAt,
      });
    }
    if (t.closeJustification)
      messages.push({
        companyId,
        ticketId: t.id,
        authorId: t.responsibleId,
        visibility: 'public',
        kind: 'change',
        body: t.closeJustification,
        data: { action: 'ticket.close', to: t.state },
        createdAt: t.updatedAt,
      });
    if (t.state === 'postergada')
      pauses.push({ companyId, ticketId: t.id, reason: 'postergada', startedAt: t.updatedAt });
  }

  // Failures from the unit type's catalogue; solved ones belong to an AC (the failure machine's createAc).
  const failureValues: (typeof failures.$inferInsert & { ticketIndex: number })[] = [];
  for (const [i, t] of rows.entries()) {
    if (t.state === 'fusionada') continue; // its failures moved to the surviving ticket
    const unit = plan[i].unit.unit;
    const options = ctx.catalogue.filter((c) => c.unitTypeId === unit.unitTypeId);
    const start = unit.deliveryDate ?? plan[i].project.municipalReceptionDate!;
    for (let f = 0; f < 1 + (i % 3) && options.length; f++) {
      const c = options[(i * 5 + f * 11) % options.length];
      const state = failureStateFor(t.state, f);
      if (!state) continue;
      const years = chileWarrantyTerms[c.category as keyof typeof chileWarrantyTerms];
      failureValues.push({
        ticketIndex: i,
        companyId,
        projectId: t.projectId,
        ticketId: t.id,
        unitId: unit.id,
        placeId: c.placeId,
        itemId: c.itemId,
        failureTypeId: c.typeId,
        placeName: c.placeName,
        itemName: c.itemName,
        detailName: c.typeName,
        category: c.category,
        severity: c.severity,
        batch: 1,
        description: f === 0 ? 'Observado por el propietario y confirmado en visita.' : '',
        state,
        guaranteeYears: years,
        guaranteeStart: start,
        guaranteeEnd: addYears(start, years),
        markedToOwnerAt: t.state === 'abierta' && f === 0 && i % 2 === 0 ? t.updatedAt : null,
        createdBy: t.responsibleId,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      });
    }
  }
  const acTickets = [...new Set(failureValues.filter((f) => f.state === 'solucionada').map((f) => f.ticketIndex))];
  const acRows = acTickets.length
    ? await tx
        .insert(acs)
        .values(
          acTickets.map((i): typeof acs.$inferInsert => {
            const t = rows[i];
            const answered = t.state !== 'en_proceso';
            const n = next(t.projectId, 'AC');
            return {
              companyId,
              projectId: t.projectId,
              ticketId: t.id,
              number: n,
              code: `AC-${plan[i].project.code}${n}`,
              state: answered ? 'conforme' : 'pendiente',
              reply: answered ? 'El propietario firma conforme la reparación.' : null,
              repliedAt: answered ? t.updatedAt : null,
              repliedBy: answered ? t.responsibleId : null,
              createdBy: t.responsibleId,
              createdAt: t.updatedAt,
              updatedAt: t.updatedAt,
            };
          }),
        )
        .returning()
    : [];
  const acOf = new Map(acTickets.map((i, k) => [i, acRows[k].id]));
  const failureRows = await tx
    .insert(failures)
    .values(
      failureValues.map(({ ticketIndex, ...f }) => ({
        ...f,
        acId: f.state === 'solucionada' ? (acOf.get(ticketIndex) ?? null) : null,
      })),
    )
    .returning();

  // OI/OT in the coming two weeks for agente and inspector: OI for pending failures, OT for confirmed ones.
  const orderPlan: {
    i: number;
    kind: 'OI' | 'OT';
    failureIds: number[];
    who: number;
    state: OrderState;
    startAt: Date;
  }[] = [];
  for (const [i, t] of rows.entries()) {
    if (t.state !== 'en_proceso' || orderPlan.length >= 14) continue;
    const k = orderPlan.length;
    const kind = k % 2 === 0 ? 'OI' : 'OT';
    const open = failureRows.filter((f) => f.ticketId === t.id && f.state === (kind === 'OI' ? 'pendiente' : 'falla'));
    if (!open.length) continue;
    const p = plan[i].p;
    const who =
      (k % 4 < 2 && SEES.agente.includes(p)) || !SEES.inspector.includes(p) ? people.agente : people.inspector;
    orderPlan.push({
      i,
      kind,
      failureIds: open.map((f) => f.id),
      who,
      state: k % 3 === 0 ? 'confirmada' : 'agendada',
      startAt: slot(now, k),
    });
  }
  const orderRows = orderPlan.length
    ? await tx
        .insert(orders)
        .values(
          orderPlan.map((o): typeof orders.$inferInsert => {
            const t = rows[o.i];
            const n = next(t.projectId, o.kind);
            return {
              companyId,
              projectId: t.projectId,
              ticketId: t.id,
              kind: o.kind,
              number: n,
              code: `${o.kind}-${plan[o.i].project.code}${n}`,
              responsibleId: o.who,
              startAt: o.startAt,
              endAt: new Date(o.startAt.getTime() + 90 * 60_000),
              durationMinutes: 90,
              state: o.state,
              previousState: 'creada',
              description:
                o.kind === 'OI'
                  ? 'Inspección de las fallas informadas.'
                  : 'Reparación de las fallas confirmadas en la inspección.',
              ownerDecision: o.state === 'confirmada' ? ('confirmada' as const) : null,
              ownerDecisionAt: o.state === 'confirmada' ? t.updatedAt : null,
              createdBy: t.responsibleId,
              createdAt: t.updatedAt,
              updatedAt: t.updatedAt,
            };
          }),
        )
        .returning()
    : [];
  const links = orderPlan.flatMap((o, k) =>
    o.failureIds.map((failureId) => ({ orderId: orderRows[k].id, failureId, companyId })),
  );
  for (const [k, o] of orderPlan.entries()) {
    if (
      o.state === 'agendada' &&
      !pauses.some((p) => p.ticketId === rows[o.i].id && p.reason === 'espera_propietario')
    ) {
      pauses.push({
        companyId,
        ticketId: rows[o.i].id,
        reason: 'espera_propietario',
        startedAt: orderRows[k].createdAt,
      });
    }
  }
  if (links.length) await tx.insert(orderFailures).values(links);
  await tx.insert(ticketMessages).values(messages);
  await tx.insert(activityLog).values(activity);
  if (pauses.length) await tx.insert(ticketPauses).values(pauses);
  await tx.insert(warrantyCounters).values(
    [...counters].map(([key, value]) => {
      const [projectId, kind] = key.split(':');
      return { projectId: Number(projectId), kind: kind as 'ticket', value };
    }),
  );
}
