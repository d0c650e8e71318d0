import { z } from 'zod';
import {
  CM_ATTACHMENTS_MAX,
  CM_CATEGORY_NAME_MAX,
  CM_COMMENT_MAX,
  CM_DESCRIPTION_MAX,
  CM_FIELD_DESCRIPTION_MAX,
  CM_FIELD_LONG_TEXT_MAX,
  CM_FIELD_NAME_MAX,
  CM_FIELD_OPTIONS_MAX,
  CM_FIELD_TEXT_MAX,
  CM_FIELD_TYPES,
  CM_FIELD_VALUES_MAX,
  CM_ISSUE_PHOTOS_MAX,
  CM_ISSUE_STATES,
  CM_LINK_TYPES,
  CM_MULTIPLE_FIELD_TYPES,
  CM_OPTION_FIELD_TYPES,
  CM_PEOPLE_MAX,
  CM_PRIORITIES,
  CM_TASK_STATES,
  CM_TEXT_MAX,
  CM_TICKET_STATES,
  type CmFieldDefinition,
  type CmFieldType,
  type CmFieldValues,
} from '../cmanagement.ts';
import { planPinSchema } from '../plan-pins.ts';
import { attachmentSchema } from './after-sales.ts';
import { dateOrder, enumList, id, idList, isoDate, optionalText, requiredText } from './common.ts';

/**
 * Requests of the Cmanagement routes (docs/api.md, Cmanagement), the same schemas the module's forms resolve with.
 * Messages are locale keys; cmanagement.errors.* are the module's own.
 */

const optionalDay = () => isoDate().nullish();
const people = () => idList({ max: CM_PEOPLE_MAX });

// ── Config: categories, custom fields, task templates ──────────────────────────────────────────────────

export const cmCategorySchema = z.object({
  name: requiredText({ max: CM_CATEGORY_NAME_MAX, noDoubleSpaces: true }),
  enabled: z.boolean().default(true),
});
export const cmCategoryUpdateSchema = cmCategorySchema.partial();

/** An option as the options-list editor sends it: saved ones with their id, new ones without (docs/product.md §5). */
const optionInput = z.object({
  id: z.string().max(20).nullish(),
  name: requiredText({ max: CM_FIELD_NAME_MAX }),
  disabled: z.boolean().default(false),
});

const fieldBase = z.object({
  type: z.enum(CM_FIELD_TYPES, { error: 'validation.required' }),
  name: requiredText({ max: CM_FIELD_NAME_MAX, noDoubleSpaces: true }),
  description: optionalText({ max: CM_FIELD_DESCRIPTION_MAX }),
  options: z.array(optionInput).max(CM_FIELD_OPTIONS_MAX, 'cmanagement.errors.options_max').default([]),
  multiple: z.boolean().default(false),
  required: z.boolean().default(false),
  active: z.boolean().default(true),
});

const isOptionType = (type: CmFieldType) => (CM_OPTION_FIELD_TYPES as readonly string[]).includes(type);
const canBeMultiple = (type: CmFieldType) => (CM_MULTIPLE_FIELD_TYPES as readonly string[]).includes(type);

/** The rules between a field's parts: options only where answers come from them, no duplicate names (any case). */
function fieldRules(v: Partial<z.output<typeof fieldBase>>, ctx: z.RefinementCtx) {
  if (!v.type) return;
  if (isOptionType(v.type) && v.options !== undefined) {
    if (v.options.filter((o) => !o.disabled).length === 0)
      ctx.addIssue({ code: 'custom', message: 'cmanagement.errors.options_required', path: ['options'] });
    const seen = new Set<string>();
    v.options.forEach((o, i) => {
      const folded = o.name.trim().toLocaleLowerCase();
      if (seen.has(folded))
        ctx.addIssue({ code: 'custom', message: 'cmanagement.errors.option_duplicate', path: ['options', i, 'name'] });
      seen.add(folded);
    });
  }
  if (!isOptionType(v.type) && v.options?.length)
    ctx.addIssue({ code: 'custom', message: 'cmanagement.errors.options_not_allowed', path: ['options'] });
  if (v.multiple && !canBeMultiple(v.type))
    ctx.addIssue({ code: 'custom', message: 'cmanagement.errors.multiple_not_allowed', path: ['multiple'] });
}

export const cmCustomFieldSchema = fieldBase.superRefine(fieldRules);
/** Editing a field: its type stays (answers already given would no longer fit). */
export const cmCustomFieldUpdateSchema = fieldBase.omit({ type: true }).partial();
export const cmFieldOrderSchema = z.object({ ids: idList({ max: 200, required: true }) });

export const cmTaskTemplateSchema = z.object({
  name: requiredText({ max: CM_TEXT_MAX }),
  parent_id: id().nullish(),
  /** Days after the ticket's start (or creation) the task starts, and how many days it lasts. */
  start_offset_days: z.number({ error: 'validation.number' }).int('validation.invalid').min(0).max(3650),
  duration_days: z.number({ error: 'validation.number' }).int('validation.invalid').min(1).max(3650),
});
export const cmTaskTemplateUpdateSchema = cmTaskTemplateSchema.partial();

// ── Custom field answers ────────────────────────────────────────────────────────────────────────────────

const answerText = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.max_length');
const filePath = z.string().min(1).max(500);

/** The schema of one answer of `field`, checked against its options (a disabled option takes no new answer). */
export function cmFieldValueSchema(field: CmFieldDefinition, keep?: unknown): z.ZodType {
  const enabledOrKept = (optionId: string) =>
    field.options.some((o) => o.id === optionId && !o.disabled) ||
    keep === optionId ||
    (Array.isArray(keep) && (keep as unknown[]).includes(optionId));
  const option = z.string().refine(enabledOrKept, 'cmanagement.errors.option_unknown');
  const many = <T extends z.ZodType>(one: T) =>
    z.array(one).min(1, 'validation.required').max(CM_FIELD_VALUES_MAX, 'validation.max_items');
  switch (field.type) {
    case 'text':
      return answerText(CM_FIELD_TEXT_MAX);
    case 'long_text':
      return answerText(CM_FIELD_LONG_TEXT_MAX);
    case 'number':
      return z.number({ error: 'validation.number' }).refine(Number.isFinite, 'validation.number');
    case 'date':
      return isoDate();
    case 'select':
      return option;
    case 'multi_select':
      return many(option).refine((v) => new Set(v).size === v.length, 'cmanagement.errors.option_duplicate');
    case 'checkbox':
      return z.boolean({ error: 'validation.invalid' });
    case 'user':
      return field.multiple ? many(id()) : id();
    case 'file':
      return field.multiple ? many(filePath) : filePath;
  }
}

const isEmptyAnswer = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A ticket's answers checked against its category's fields (docs/product.md §3 Custom field): each answer of its
 * field's type; a required active field answered (on creation, or whenever `complete`); unknown or inactive
 * fields refused. An empty answer clears it. Errors are per field: path `custom_values.<fieldId>`.
 * `previous` lets an answer keep an option that was disabled after it was given.
 */
export function cmCustomValuesSchema(
  fields: readonly CmFieldDefinition[],
  opts: { complete: boolean; previous?: CmFieldValues },
) {
  const byId = new Map(fields.filter((f) => f.active).map((f) => [String(f.id), f]));
  return z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      const field = byId.get(key);
      if (!field) {
        ctx.addIssue({ code: 'custom', message: 'cmanagement.errors.field_unknown', path: [key] });
        continue;
      }
      if (isEmptyAnswer(value)) {
        if (field.required) ctx.addIssue({ code: 'custom', message: 'validation.required', path: [key] });
        else out[key] = null;
        continue;
      }
      const parsed = cmFieldValueSchema(field, opts.previous?.[key]).safeParse(value);
      if (parsed.success) out[key] = parsed.data;
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
    }
    if (opts.complete)
      for (const [key, field] of byId)
        if (field.required && !(key in input) && isEmptyAnswer(opts.previous?.[key]))
          ctx.addIssue({ code: 'custom', message: 'validation.required', path: [key] });
    return out as Record<string, CmFieldValues[string] | null>;
  });
}

// ── Tickets ─────────────────────────────────────────────────────────────────────────────────────────────

const attachments = z.array(attachmentSchema).max(CM_ATTACHMENTS_MAX, 'validation.max_items');

const priority = z.enum(CM_PRIORITIES, { error: 'validation.required' });
const customValues = z.record(z.string(), z.unknown());
/** The editable parts, without defaults: zod applies a default even under .partial(), so an edit would reset them. */
const ticketFields = z.object({
  category_id: id(),
  title: requiredText({ max: CM_TEXT_MAX }),
  description: optionalText({ max: CM_DESCRIPTION_MAX }),
  priority,
  start_date: optionalDay(),
  due_date: optionalDay(),
  assignee_ids: people(),
  watcher_ids: people(),
  /** Checked against the category's fields by the server with cmCustomValuesSchema. */
  custom_values: customValues,
  attachments,
});
export const cmTicketCreateSchema = ticketFields
  .extend({
    project_id: id(),
    priority: priority.default('media'),
    assignee_ids: people().default([]),
    watcher_ids: people().default([]),
    custom_values: customValues.default({}),
    attachments: attachments.default([]),
  })
  .superRefine(dateOrder('start_date', 'due_date'));
/** Editing: every part optional and what is left out is kept; the state moves only through the verbs (cmTicketCommands). */
export const cmTicketUpdateSchema = ticketFields.partial().superRefine(dateOrder('start_date', 'due_date'));

/**
 * A custom field filter of the list: `cf=<fieldId>:<value>` (an option id, true/false, a user id, a number, a
 * day, or words the text contains), several joined by ';'. The value is URI-encoded.
 */
export const CM_CUSTOM_FILTERS_MAX = 5;
export type CmCustomFilter = { fieldId: number; value: string };
export const cmCustomFilterParam = z
  .string()
  .max(1000, 'validation.max_length')
  .transform((raw, ctx): CmCustomFilter[] => {
    const parts = raw.split(';').filter((p) => p.trim() !== '');
    if (parts.length > CM_CUSTOM_FILTERS_MAX) {
      ctx.addIssue({ code: 'custom', message: 'validation.max_items' });
      return z.NEVER;
    }
    const out: CmCustomFilter[] = [];
    for (const part of parts) {
      const m = /^(\d{1,9}):(.+)$/.exec(part.trim());
      let value: string | undefined;
      try {
        value = m ? decodeURIComponent(m[2]) : undefined;
      } catch {
        value = undefined;
      }
      if (!m || value === undefined || value.length > CM_FIELD_TEXT_MAX) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      out.push({ fieldId: Number(m[1]), value });
    }
    return out;
  });
export const formatCustomFilters = (filters: readonly CmCustomFilter[]) =>
  filters.map((f) => `${f.fieldId}:${encodeURIComponent(f.value)}`).join(';');

export const CM_TICKET_SORTS = ['updated_at', 'created_at', 'due_date', 'priority', 'code', 'title'] as const;
export const cmTicketListQuerySchema = z.object({
  state: enumList(CM_TICKET_STATES).optional(),
  priority: enumList(CM_PRIORITIES).optional(),
  category: idList().optional(),
  assignee: idList().optional(),
  project: idList().optional(),
  due_from: isoDate().optional(),
  due_to: isoDate().optional(),
  search: z.string().trim().max(100, 'validation.max_length').optional(),
  cf: cmCustomFilterParam.optional(),
  sort: z.enum(CM_TICKET_SORTS, { error: 'validation.invalid' }).default('updated_at'),
  desc: z.enum(['true', 'false']).default('true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(500).default(50),
});
export type CmTicketListQuery = z.output<typeof cmTicketListQuerySchema>;
/** The list's URL parameters a saved view keeps (domain/saved-views.ts). */
export const CM_TICKET_VIEW_PARAMS = [
  'state',
  'priority',
  'category',
  'assignee',
  'project',
  'due_from',
  'due_to',
  'search',
  'cf',
  'sort',
  'desc',
  'rows',
  'view',
] as const;

export const cmCommentSchema = z.object({
  body: requiredText({ max: CM_COMMENT_MAX }),
});

// ── Issues ──────────────────────────────────────────────────────────────────────────────────────────────

const issuePhotos = attachments.max(CM_ISSUE_PHOTOS_MAX, 'validation.max_items');
const issueFields = z.object({
  title: requiredText({ max: CM_TEXT_MAX }),
  description: optionalText({ max: CM_DESCRIPTION_MAX }),
  assignee_id: id().nullish(),
  due_date: optionalDay(),
  photos: issuePhotos,
  /** Where on a plan of the ticket's project (its unit types' or its own plans); null removes the pin. */
  pin: planPinSchema.nullish(),
});
export const cmIssueCreateSchema = issueFields.extend({ photos: issuePhotos.default([]) });
/** Editing: what is left out is kept (no defaults here, see ticketFields). */
export const cmIssueUpdateSchema = issueFields.partial();
export const cmIssueListQuerySchema = z.object({ state: enumList(CM_ISSUE_STATES).optional() });

// ── Tasks and schedule ──────────────────────────────────────────────────────────────────────────────────

const taskProgress = z.number({ error: 'validation.number' }).int('validation.invalid').min(0).max(100);
const taskFields = z.object({
  name: requiredText({ max: CM_TEXT_MAX }),
  parent_id: id().nullish(),
  start_date: isoDate(),
  end_date: isoDate(),
  progress: taskProgress.default(0),
  assignee_id: id().nullish(),
});
/** Creating a task on a ticket; a subtask's dates within its parent's is the server's check (it reads the parent). */
export const cmTaskCreateSchema = taskFields.superRefine(dateOrder('start_date', 'end_date'));
export const cmTaskUpdateSchema = taskFields
  .omit({ parent_id: true })
  .partial()
  // No default on an edit: a PATCH without progress keeps the task's.
  .extend({ progress: taskProgress.optional() })
  .superRefine(dateOrder('start_date', 'end_date'));
export const cmTaskLinkSchema = z.object({
  source_id: id(),
  target_id: id(),
  type: z.enum(CM_LINK_TYPES, { error: 'validation.invalid' }).default('fs'),
});
export const cmScheduleQuerySchema = z.object({
  project: idList().optional(),
  ticket: idList().optional(),
  assignee: idList().optional(),
  state: enumList(CM_TASK_STATES).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
});
