import { z } from 'zod';
import {
  CM_FIELD_TYPES,
  CM_ISSUE_STATES,
  CM_LINK_TYPES,
  CM_PRIORITIES,
  CM_TASK_STATES,
  CM_TICKET_STATES,
  cmIssueCommands,
  cmTaskCommands,
  cmTicketCommands,
} from './cmanagement.ts';
import { attachmentViewSchema, day, eventOf, instant, pageOf, personBriefSchema, refSchema } from './responses.ts';

/**
 * What the Cmanagement routes answer (docs/api.md, Cmanagement); tests/contracts/ parses the real answers with
 * these, and the client takes its types from them.
 */

// ── Config ──────────────────────────────────────────────────────────────────────────────────────────────

export const cmCategoryRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  ticket_count: z.number(),
  active_field_count: z.number(),
});
export type CmCategoryRow = z.infer<typeof cmCategoryRowSchema>;

export const cmFieldOptionSchema = z.object({ id: z.string(), name: z.string(), disabled: z.boolean() });
export const cmCustomFieldRowSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  type: z.enum(CM_FIELD_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  options: z.array(cmFieldOptionSchema),
  multiple: z.boolean(),
  required: z.boolean(),
  active: z.boolean(),
  position: z.number(),
});
export type CmCustomFieldRow = z.infer<typeof cmCustomFieldRowSchema>;

export const cmTaskTemplateRowSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  start_offset_days: z.number(),
  duration_days: z.number(),
  position: z.number(),
});
export type CmTaskTemplateRow = z.infer<typeof cmTaskTemplateRowSchema>;

// ── Tickets ─────────────────────────────────────────────────────────────────────────────────────────────

/** A custom field answer as stored (domain/cmanagement.ts CmFieldValue). */
const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.array(z.number())]);

export const cmTicketRowSchema = z.object({
  id: z.number(),
  /** "CM-<n>", numbered per company. */
  code: z.string(),
  title: z.string(),
  state: z.enum(CM_TICKET_STATES),
  priority: z.enum(CM_PRIORITIES),
  project: refSchema,
  category: refSchema,
  assignees: z.array(personBriefSchema),
  start_date: day.nullable(),
  due_date: day.nullable(),
  custom_values: z.record(z.string(), fieldValue),
  /** Issues still open or in progress, of all its issues. */
  open_issues: z.number(),
  issue_count: z.number(),
  /** Mean progress of its top-level tasks, 0–100; null without tasks. */
  progress: z.number().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type CmTicketRow = z.infer<typeof cmTicketRowSchema>;
export const cmTicketPageSchema = pageOf(cmTicketRowSchema);

export const cmTicketDetailSchema = cmTicketRowSchema.extend({
  description: z.string().nullable(),
  watchers: z.array(personBriefSchema),
  created_by: personBriefSchema.nullable(),
  attachments: z.array(attachmentViewSchema),
  /** The reason given when it was last blocked, while it stays blocked. */
  blocked_reason: z.string().nullable(),
  /** What the machine allows now, and only those the caller may send. */
  allowed_events: z.array(eventOf(cmTicketCommands)),
  /** Files answered in its file fields, by path. */
  field_files: z.array(attachmentViewSchema),
});
export type CmTicketDetail = z.infer<typeof cmTicketDetailSchema>;

export const cmCommentRowSchema = z.object({
  id: z.number(),
  author: personBriefSchema.nullable(),
  body: z.string(),
  mentions: z.array(z.number()),
  created_at: instant,
});
export type CmCommentRow = z.infer<typeof cmCommentRowSchema>;

// ── Issues ──────────────────────────────────────────────────────────────────────────────────────────────

const pinSchema = z.object({ plan_id: z.number(), page: z.number(), x: z.number(), y: z.number() });
export const cmIssueRowSchema = z.object({
  id: z.number(),
  ticket_id: z.number(),
  /** Numbered within its ticket from 1, as the plan's pins show it. */
  number: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(CM_ISSUE_STATES),
  assignee: personBriefSchema.nullable(),
  due_date: day.nullable(),
  photos: z.array(attachmentViewSchema),
  pin: pinSchema.nullable(),
  allowed_events: z.array(eventOf(cmIssueCommands)),
  created_at: instant,
  updated_at: instant,
});
export type CmIssueRow = z.infer<typeof cmIssueRowSchema>;

/** A plan an issue may be pinned on: the project's own plans and its unit types'. */
export const cmPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  type: z.string(),
  /** The unit type it belongs to, or null for the project's own plans. */
  unit_type: refSchema.nullable(),
});
export type CmPlan = z.infer<typeof cmPlanSchema>;

// ── Tasks and schedule ──────────────────────────────────────────────────────────────────────────────────

export const cmTaskRowSchema = z.object({
  id: z.number(),
  ticket: z.object({ id: z.number(), code: z.string(), title: z.string(), project_id: z.number() }),
  parent_id: z.number().nullable(),
  name: z.string(),
  start_date: day,
  end_date: day,
  progress: z.number(),
  state: z.enum(CM_TASK_STATES),
  assignee: personBriefSchema.nullable(),
  position: z.number(),
  allowed_events: z.array(eventOf(cmTaskCommands)),
  updated_at: instant,
});
export type CmTaskRow = z.infer<typeof cmTaskRowSchema>;

export const cmTaskLinkRowSchema = z.object({
  id: z.number(),
  source_id: z.number(),
  target_id: z.number(),
  type: z.enum(CM_LINK_TYPES),
});
export type CmTaskLinkRow = z.infer<typeof cmTaskLinkRowSchema>;

/** GET cmanagement/schedule and …/tickets/{id}/tasks: the tasks and the links between them. */
export const cmScheduleSchema = z.object({
  tasks: z.array(cmTaskRowSchema),
  links: z.array(cmTaskLinkRowSchema),
});
export type CmSchedule = z.infer<typeof cmScheduleSchema>;
