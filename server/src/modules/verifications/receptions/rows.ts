import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { can } from '#domain/permissions';
import type { ReceptionListQuery } from '#domain/schemas/verifications';
import {
  RECEPTION_SIGNED_STATES,
  RECEPTION_STATES,
  receptionCommands,
  type ReceptionCommandType,
  type ReceptionState,
} from '#domain/verifications';
import type { ReceptionDetail, ReceptionItem, ReceptionList, ReceptionRow } from '#domain/verifications-responses';
import { receptionMachine, type ReceptionEvent } from '#machines/reception';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activityLog,
  projects,
  receptionFollowUps,
  receptionItems,
  receptions,
  receptionTemplates,
  users,
} from '../../../db/schema/index.ts';
import { fullName } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { followUpRows } from '../follow-ups/rows.ts';
import { RECEPTION_FILES, VERIFICATIONS_ENTITY } from '../shared/events.ts';
import type { ReceptionRecord } from '../shared/scope.ts';
import { attachedFiles, attachmentView, todayOf } from './support.ts';

/**
 * What GET verificaciones/recepciones and GET verificaciones/recepciones/{receptionId} answer
 * (domain/verifications-responses.ts): the rows with their counts computed in SQL, one grouped query per aggregate
 * over the same filter (no query per row), and the detail with its checkpoints, signatures and follow-ups.
 */

/** The GET path of a signed reception's PDF record (the client's API prefix). */
export const receptionPdfUrl = (id: number) => `/api/v2/public/api/verificaciones/recepciones/${id}/acta.pdf`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listFilter(user: SessionUser, q: ReceptionListQuery): SQL {
  const like = q.q ? `%${escapeLike(q.q)}%` : null;
  return and(
    eq(receptions.companyId, user.companyId),
    eq(receptions.projectId, q.project_id),
    like
      ? or(
          ilike(receptions.code, like),
          ilike(receptions.name, like),
          ilike(receptions.location, like),
          ilike(receptions.contractor, like),
        )
      : undefined,
    q.state?.length ? inArray(receptions.state, q.state) : undefined,
    q.work_package ? sql`lower(${receptions.workPackage}) = lower(${q.work_package})` : undefined,
    q.from ? gte(receptions.plannedEnd, q.from) : undefined,
    q.to ? lte(receptions.plannedStart, q.to) : undefined,
  )!;
}

type Counts = { checkpoints: number; answered: number; failed: number; open: number; overdue: number };
const NO_COUNTS: Counts = { checkpoints: 0, answered: 0, failed: 0, open: 0, overdue: 0 };

/** The per-reception counts of the receptions `where` selects: two grouped queries. */
async function countsOf(db: DbOrTx, where: SQL, today: string): Promise<Map<number, Counts>> {
  const [items, followUps] = await Promise.all([
    db
      .select({
        id: receptionItems.receptionId,
        checkpoints: sql<number>`count(*)::int`,
        answered: sql<number>`count(${receptionItems.result})::int`,
        failed: sql<number>`(count(*) filter (where ${receptionItems.result} = 'no_cumple'))::int`,
      })
      .from(receptionItems)
      .innerJoin(receptions, eq(receptions.id, receptionItems.receptionId))
      .where(where)
      .groupBy(receptionItems.receptionId),
    db
      .select({
        id: receptionFollowUps.receptionId,
        open: sql<number>`count(*)::int`,
        overdue: sql<number>`(count(*) filter (where ${receptionFollowUps.dueOn} < ${today}))::int`,
      })
      .from(receptionFollowUps)
      .innerJoin(receptions, eq(receptions.id, receptionFollowUps.receptionId))
      .where(and(where, eq(receptionFollowUps.state, 'abierto')))
      .groupBy(receptionFollowUps.receptionId),
  ]);
  const out = new Map<number, Counts>();
  for (const r of items)
    out.set(r.id, { ...NO_COUNTS, checkpoints: r.checkpoints, answered: r.answered, failed: r.failed });
  for (const r of followUps) out.set(r.id, { ...(out.get(r.id) ?? NO_COUNTS), open: r.open, overdue: r.overdue });
  return out;
}

function rowOf(r: ReceptionRecord, templateName: string | null, counts: Counts = NO_COUNTS): ReceptionRow {
  return {
    id: r.id,
    project_id: r.projectId,
    code: r.code,
    name: r.name,
    work_package: r.workPackage,
    location: r.location,
    contractor: r.contractor,
    template: r.templateId !== null && templateName !== null ? { id: r.templateId, name: templateName } : null,
    state: r.state,
    planned_start: r.plannedStart,
    planned_end: r.plannedEnd,
    started_on: r.startedOn,
    signed_on: r.signedOn,
    checkpoint_count: counts.checkpoints,
    answered_count: counts.answered,
    failed_count: counts.failed,
    open_follow_ups: counts.open,
    overdue_follow_ups: counts.overdue,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** GET verificaciones/recepciones: the project's receptions that match, by planned start then code. */
export async function listReceptions(db: DbOrTx, user: SessionUser, q: ReceptionListQuery): Promise<ReceptionList> {
  const where = listFilter(user, q);
  const today = await todayOf(db, user.companyId);
  const [rows, counts, byState] = await Promise.all([
    db
      .select({ reception: receptions, templateName: receptionTemplates.name })
      .from(receptions)
      .leftJoin(receptionTemplates, eq(receptionTemplates.id, receptions.templateId))
      .where(where)
      .orderBy(asc(receptions.plannedStart), asc(receptions.code), asc(receptions.id)),
    countsOf(db, where, today),
    db
      .select({ state: receptions.state, n: sql<number>`count(*)::int` })
      .from(receptions)
      .where(and(eq(receptions.companyId, user.companyId), eq(receptions.projectId, q.project_id)))
      .groupBy(receptions.state),
  ]);
  const totals = Object.fromEntries(RECEPTION_STATES.map((s) => [s, 0])) as Record<ReceptionState, number>;
  for (const s of byState) totals[s.state] = s.n;
  return {
    data: rows.map((r) => rowOf(r.reception, r.templateName, counts.get(r.reception.id))),
    counts: totals,
  };
}

/** The verbs the machine accepts now that the caller may send (reception.resolve has no verb: never listed). */
function allowedEvents(user: SessionUser, state: ReceptionState): ReceptionCommandType[] {
  const candidates: ReceptionEvent[] = [
    { type: 'reception.start' },
    { type: 'reception.sign', failed: 0 },
    { type: 'reception.cancel' },
  ];
  return candidates
    .filter(
      (e) =>
        can(user.permissions, receptionCommands[e.type].permission) &&
        nextState(receptionMachine, { value: state, context: {} }, e).ok,
    )
    .map((e) => e.type);
}

/** The checkpoints of a reception in their order, with their photos. */
export async function receptionItemsOf(db: DbOrTx, companyId: number, receptionId: number): Promise<ReceptionItem[]> {
  const items = await db
    .select()
    .from(receptionItems)
    .where(eq(receptionItems.receptionId, receptionId))
    .orderBy(asc(receptionItems.position));
  const photos = await attachedFiles(
    db,
    companyId,
    RECEPTION_FILES.itemPhoto,
    items.map((i) => i.id),
  );
  return items.map((i) => itemView(i, photos.get(i.id) ?? []));
}

export function itemView(
  i: typeof receptionItems.$inferSelect,
  photos: Parameters<typeof attachmentView>[0][],
): ReceptionItem {
  return {
    id: i.id,
    position: i.position,
    title: i.title,
    guidance: i.guidance,
    evidence: i.evidence,
    result: i.result,
    note: i.note,
    photos: photos.map(attachmentView),
    due_on: i.dueOn,
    answered_at: i.answeredAt?.toISOString() ?? null,
  };
}

/** One checkpoint as its PUT answers it. */
export async function receptionItem(db: DbOrTx, companyId: number, itemId: number): Promise<ReceptionItem> {
  const [item] = await db.select().from(receptionItems).where(eq(receptionItems.id, itemId));
  const photos = await attachedFiles(db, companyId, RECEPTION_FILES.itemPhoto, [itemId]);
  return itemView(item, photos.get(itemId) ?? []);
}

/**
 * The signature images of a signed reception: both are attached to it (RECEPTION_FILES.signature); which is whose is
 * what the sign's history row recorded.
 */
export async function signaturePaths(db: DbOrTx, reception: ReceptionRecord) {
  const [row] = await db
    .select({ data: activityLog.data })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.companyId, reception.companyId),
        eq(activityLog.entityType, VERIFICATIONS_ENTITY.reception),
        eq(activityLog.entityId, reception.id),
        eq(activityLog.action, 'reception.sign'),
      ),
    )
    .orderBy(desc(activityLog.id))
    .limit(1);
  const data = (row?.data ?? {}) as { inspector_signature_path?: string; contractor_signature_path?: string };
  return { inspector: data.inspector_signature_path ?? null, contractor: data.contractor_signature_path ?? null };
}

/** GET verificaciones/recepciones/{receptionId}, for a reception the caller already sees (loadReception). */
export async function receptionDetail(
  db: DbOrTx,
  user: SessionUser,
  reception: ReceptionRecord,
): Promise<ReceptionDetail> {
  const r = reception;
  const today = await todayOf(db, user.companyId);
  const [[place], counts, items, followUps, signatures, signed] = await Promise.all([
    db
      .select({
        project: projects.name,
        template: receptionTemplates.name,
        inspectorFirst: users.firstName,
        inspectorLast: users.lastName,
      })
      .from(projects)
      .leftJoin(receptionTemplates, eq(receptionTemplates.id, r.templateId ?? -1))
      .leftJoin(users, eq(users.id, r.inspectorId ?? -1))
      .where(eq(projects.id, r.projectId)),
    countsOf(db, eq(receptions.id, r.id), today),
    receptionItemsOf(db, r.companyId, r.id),
    followUpRows(db, user, { receptionId: r.id }),
    attachedFiles(db, r.companyId, RECEPTION_FILES.signature, [r.id]),
    signaturePaths(db, r),
  ]);
  const inspectorName =
    r.inspectorId !== null && place.inspectorFirst !== null
      ? fullName({ firstName: place.inspectorFirst, lastName: place.inspectorLast ?? '' })
      : null;
  const files = signatures.get(r.id) ?? [];
  const signature = (path: string | null, name: string | null, at: Date | null) => {
    const file = path ? files.find((f) => f.path === path) : undefined;
    return file && at ? { name: name ?? '', image: attachmentView(file), signed_at: at.toISOString() } : null;
  };
  const isSigned = (RECEPTION_SIGNED_STATES as readonly ReceptionState[]).includes(r.state);
  return {
    ...rowOf(r, place.template, counts.get(r.id)),
    project: { id: r.projectId, name: place.project },
    inspector: inspectorName !== null ? { id: r.inspectorId!, name: inspectorName } : null,
    observations: r.observations,
    cancel_reason: r.cancelReason,
    items,
    inspector_signature: signature(signed.inspector, inspectorName, r.inspectorSignedAt),
    contractor_signature: signature(signed.contractor, r.contractorSigner, r.contractorSignedAt),
    follow_ups: followUps,
    allowed_events: allowedEvents(user, r.state),
    pdf_url: isSigned ? receptionPdfUrl(r.id) : null,
  };
}
