import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckpointResult, EvidenceKind, FollowUpState, ReceptionState } from '#domain/verifications';
import { companyId, projectId, users } from './core.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

/**
 * Verifications / Reception (domain/verifications.ts): the company's reception templates, a project's receptions (the
 * verification program), each reception's checkpoints (copied from its template when the inspection starts, then
 * answered) and the follow-ups its failed checkpoints open. Photos and signatures are files attached to their row
 * (files.entity_type reception_item, reception_signature, reception_follow_up). Every row carries its company;
 * receptions and follow-ups their project too.
 */

const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** One checkpoint of a template, as stored in its `checkpoints` list. */
export type StoredCheckpoint = { title: string; guidance: string | null; evidence: EvidenceKind };

/** A reception template (config/recepciones): the checklist of a work package or stage. */
export const receptionTemplates = pgTable(
  'reception_templates',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    workPackage: text('work_package').notNull(),
    checkpoints: jsonb('checkpoints').$type<StoredCheckpoint[]>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reception_templates_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** A reception of the verification program: what is received, where, from whom, when it is planned. */
export const receptions = pgTable(
  'receptions',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    /** The program's code, unique in the project (an upload updates the row of an existing code). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    workPackage: text('work_package'),
    location: text('location'),
    contractor: text('contractor'),
    templateId: integer('template_id').references(() => receptionTemplates.id, { onDelete: 'set null' }),
    state: text('state').$type<ReceptionState>().notNull().default('programada'),
    plannedStart: date('planned_start').notNull(),
    plannedEnd: date('planned_end').notNull(),
    startedOn: date('started_on'),
    signedOn: date('signed_on'),
    inspectorId: userRef('inspector_id'),
    contractorSigner: text('contractor_signer'),
    observations: text('observations'),
    cancelReason: text('cancel_reason'),
    inspectorSignedAt: ts('inspector_signed_at'),
    contractorSignedAt: ts('contractor_signed_at'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('receptions_code_uq').on(t.projectId, sql`lower(${t.code})`),
    index('receptions_list_idx').on(t.companyId, t.projectId, t.plannedStart),
  ],
);

/** A checkpoint of a started reception: the template's copy (title, guidance, evidence) and its answer. */
export const receptionItems = pgTable(
  'reception_items',
  {
    id: id(),
    companyId: companyId(),
    receptionId: integer('reception_id')
      .notNull()
      .references(() => receptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    guidance: text('guidance'),
    evidence: text('evidence').$type<EvidenceKind>().notNull(),
    result: text('result').$type<CheckpointResult>(),
    note: text('note'),
    /** The follow-up's due date a failure opens when the reception is signed. */
    dueOn: date('due_on'),
    answeredBy: userRef('answered_by'),
    answeredAt: ts('answered_at'),
  },
  (t) => [uniqueIndex('reception_items_position_uq').on(t.receptionId, t.position)],
);

/** A follow-up opened by a failed checkpoint when its reception was signed. */
export const receptionFollowUps = pgTable(
  'reception_follow_ups',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    receptionId: integer('reception_id')
      .notNull()
      .references(() => receptions.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => receptionItems.id, { onDelete: 'cascade' }),
    state: text('state').$type<FollowUpState>().notNull().default('abierto'),
    dueOn: date('due_on').notNull(),
    closedOn: date('closed_on'),
    closingNote: text('closing_note'),
    closedBy: userRef('closed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reception_follow_ups_item_uq').on(t.itemId),
    index('reception_follow_ups_open_idx').on(t.projectId, t.state, t.dueOn),
    index('reception_follow_ups_reception_idx').on(t.receptionId),
  ],
);
