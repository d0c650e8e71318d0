import { z } from 'zod';
import { emptyBody, type CommandTable } from './commands.ts';
import type { Permission } from './permissions.ts';
import { CUSTOM_FIELD_OPTIONS_MAX } from './limits.ts';

/**
 * Cmanagement (docs/product.md §1, §2, §3, §5): the company's own work tickets (site issues, requests,
 * coordination), their issues, tasks and schedule, and the categories with custom fields they are filed under.
 * The contract the machines (machines/cm-ticket.ts, cm-issue.ts, cm-task.ts), the server
 * (server/src/modules/cmanagement), the client (client/src/modules/cmanagement) and the tests read.
 */

/** Works tickets, issues and tasks: create, edit, move state, comment. Viewing needs only the module. */
export const CM_MANAGE = 'cmanagement_gestionar' satisfies Permission;
/** config/cmanagement: categories, custom fields and task templates. */
export const CM_CONFIGURE = 'cmanagement_configurar' satisfies Permission;

// ── Tickets ─────────────────────────────────────────────────────────────────────────────────────────────

export const CM_TICKET_STATES = ['abierto', 'en_curso', 'bloqueado', 'resuelto', 'cerrado'] as const;
export type CmTicketState = (typeof CM_TICKET_STATES)[number];
/** Still being worked: due-soon reminders and the "open" filter read these. */
export const CM_TICKET_OPEN_STATES = ['abierto', 'en_curso', 'bloqueado'] as const satisfies readonly CmTicketState[];

export const CM_PRIORITIES = ['baja', 'media', 'alta', 'urgente'] as const;
export type CmPriority = (typeof CM_PRIORITIES)[number];

export const CM_TEXT_MAX = 250;
export const CM_DESCRIPTION_MAX = 5000;
export const CM_COMMENT_MAX = 5000;
/** Assignees or watchers of one ticket: a team, not a mailing list. */
export const CM_PEOPLE_MAX = 20;
/** Files on one ticket or one issue. */
export const CM_ATTACHMENTS_MAX = 20;

const blockBody = z.object({
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(CM_TEXT_MAX, 'validation.max_length'),
});

/**
 * Ticket machine event → URL verb (POST cmanagement/tickets/{id}/<verb>), permission, body. The board's drag
 * sends the event that leads from the card's state to the column's (cmTicketMoveEvent), and meets the same check.
 */
export const cmTicketCommands = {
  'cmTicket.start': { verb: 'iniciar', permission: CM_MANAGE, body: emptyBody },
  'cmTicket.block': { verb: 'bloquear', permission: CM_MANAGE, body: blockBody },
  'cmTicket.unblock': { verb: 'desbloquear', permission: CM_MANAGE, body: emptyBody },
  'cmTicket.resolve': { verb: 'resolver', permission: CM_MANAGE, body: emptyBody },
  'cmTicket.close': { verb: 'cerrar', permission: CM_MANAGE, body: emptyBody },
  'cmTicket.reopen': { verb: 'reabrir', permission: CM_MANAGE, body: emptyBody },
} as const satisfies CommandTable;
export type CmTicketCommandType = keyof typeof cmTicketCommands;

// ── Issues ──────────────────────────────────────────────────────────────────────────────────────────────

export const CM_ISSUE_STATES = ['abierta', 'en_curso', 'resuelta', 'cerrada'] as const;
export type CmIssueState = (typeof CM_ISSUE_STATES)[number];
/** An issue in these keeps its ticket from being resolved. */
export const CM_ISSUE_OPEN_STATES = ['abierta', 'en_curso'] as const satisfies readonly CmIssueState[];
export const CM_ISSUE_PHOTOS_MAX = 10;

/** Issue machine event → URL verb (POST cmanagement/tickets/{ticketId}/issues/{id}/<verb>). */
export const cmIssueCommands = {
  'cmIssue.start': { verb: 'iniciar', permission: CM_MANAGE, body: emptyBody },
  'cmIssue.resolve': { verb: 'resolver', permission: CM_MANAGE, body: emptyBody },
  'cmIssue.close': { verb: 'cerrar', permission: CM_MANAGE, body: emptyBody },
  'cmIssue.reopen': { verb: 'reabrir', permission: CM_MANAGE, body: emptyBody },
} as const satisfies CommandTable;
export type CmIssueCommandType = keyof typeof cmIssueCommands;

// ── Tasks ───────────────────────────────────────────────────────────────────────────────────────────────

export const CM_TASK_STATES = ['pendiente', 'en_curso', 'completada'] as const;
export type CmTaskState = (typeof CM_TASK_STATES)[number];
/** How deep subtasks nest: a task, its subtasks, theirs. */
export const CM_TASK_DEPTH_MAX = 3;
/** Tasks on one ticket. */
export const CM_TASKS_PER_TICKET_MAX = 500;
/** Days before its end date an unfinished task is "due soon" (the notification's moment). */
export const CM_DUE_SOON_DAYS = 2;
/** dhtmlx-gantt's link types: finish→start, start→start, finish→finish, start→finish. */
export const CM_LINK_TYPES = ['fs', 'ss', 'ff', 'sf'] as const;
export type CmLinkType = (typeof CM_LINK_TYPES)[number];

/** Task machine event → URL verb (POST cmanagement/tasks/{id}/<verb>). */
export const cmTaskCommands = {
  'cmTask.start': { verb: 'iniciar', permission: CM_MANAGE, body: emptyBody },
  'cmTask.complete': { verb: 'completar', permission: CM_MANAGE, body: emptyBody },
  'cmTask.reopen': { verb: 'reabrir', permission: CM_MANAGE, body: emptyBody },
} as const satisfies CommandTable;
export type CmTaskCommandType = keyof typeof cmTaskCommands;

// ── Categories and custom fields ────────────────────────────────────────────────────────────────────────

/** Field types (docs/product.md §3 Custom field): multi_select is select with several answers. */
export const CM_FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'select',
  'multi_select',
  'checkbox',
  'user',
  'file',
] as const;
export type CmFieldType = (typeof CM_FIELD_TYPES)[number];
/** Types answered from the field's options (the options-list editor, docs/product.md §5). */
export const CM_OPTION_FIELD_TYPES = ['select', 'multi_select'] as const satisfies readonly CmFieldType[];
/** Types where `multiple` lets one answer hold several values. */
export const CM_MULTIPLE_FIELD_TYPES = ['user', 'file'] as const satisfies readonly CmFieldType[];
/** Types a list may be filtered by (one value each: an option, yes/no, a person, a number, a day, words). */
export const CM_FILTERABLE_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'select',
  'multi_select',
  'checkbox',
  'user',
] as const satisfies readonly CmFieldType[];

export const CM_FIELD_OPTIONS_MAX = CUSTOM_FIELD_OPTIONS_MAX;
/**
 * Active custom fields per category (docs/product.md §5 "limited"; the value is ours, docs/decisions.md): a form
 * a site team fills in one go, and the list's filter menu stays usable.
 */
export const CM_ACTIVE_FIELDS_PER_CATEGORY_MAX = 20;
export const CM_FIELD_NAME_MAX = 60;
export const CM_FIELD_DESCRIPTION_MAX = 250;
export const CM_FIELD_TEXT_MAX = 250;
export const CM_FIELD_LONG_TEXT_MAX = 5000;
/** Values of one multiple user or file answer. */
export const CM_FIELD_VALUES_MAX = 20;
export const CM_CATEGORY_NAME_MAX = 60;

/** A custom field as the values are checked against it (the row's stored definition). */
export type CmFieldOption = { id: string; name: string; disabled: boolean };
export type CmFieldDefinition = {
  id: number;
  type: CmFieldType;
  name: string;
  options: CmFieldOption[];
  multiple: boolean;
  required: boolean;
  active: boolean;
};

/** One answer as stored: text, a number, a day, an option id or ids, yes/no, a user id or ids, a file path or paths. */
export type CmFieldValue = string | number | boolean | string[] | number[];
/** A ticket's answers, by field id (as a string: the JSON key). */
export type CmFieldValues = Record<string, CmFieldValue>;

// ── Live ────────────────────────────────────────────────────────────────────────────────────────────────

/** Outbox entity types: each one's events reach the project room, so lists, boards and the Gantt follow live. */
export const CM_ENTITY = { ticket: 'cm_ticket', issue: 'cm_issue', task: 'cm_task' } as const;
/** File owners: a file on a ticket or an issue follows who may see that ticket. */
export const CM_FILE_OWNER = { ticket: 'cm_ticket', issue: 'cm_issue', field: 'cm_ticket_field' } as const;

/**
 * Outbox event types, by entity. Every one carries `data.ticket_id` (and `issue_id` or `task_id`), so one client
 * handler refreshes the ticket's queries, the lists and the schedule. Those that are also notification types
 * (CM_NOTIFICATION_TYPES) notify their `notify` list.
 */
export const CM_EVENTS = {
  ticket: [
    'cm_ticket.created',
    'cm_ticket.updated',
    'cm_ticket.state_changed',
    'cm_ticket.assigned',
    'cm_ticket.commented',
    'cm_ticket.mentioned',
  ],
  issue: ['cm_issue.created', 'cm_issue.updated', 'cm_issue.state_changed'],
  task: [
    'cm_task.created',
    'cm_task.updated',
    'cm_task.deleted',
    'cm_task.state_changed',
    'cm_task.assigned',
    'cm_task.due_soon',
    'cm_task.linked',
    'cm_task.unlinked',
  ],
} as const;
export type CmEventType = (typeof CM_EVENTS)[keyof typeof CM_EVENTS][number];
/** What every Cmanagement event's data holds at least. */
export type CmEventData = { ticket_id: number; issue_id?: number; task_id?: number };

/** Notification types of the module (server/src/modules/cmanagement/notification-types.ts registers them). */
export const CM_NOTIFICATION_TYPES = [
  'cm_ticket.assigned',
  'cm_ticket.mentioned',
  'cm_ticket.state_changed',
  'cm_task.assigned',
  'cm_task.due_soon',
] as const satisfies readonly CmEventType[];
export type CmNotificationType = (typeof CM_NOTIFICATION_TYPES)[number];

/** "@[Nombre Apellido](42)": how a comment's text carries a mention, so it survives edits and renders as a chip. */
export const CM_MENTION_PATTERN = /@\[([^\]\n]{1,120})\]\((\d{1,10})\)/g;
export function mentionedUserIds(body: string): number[] {
  return [...new Set([...body.matchAll(CM_MENTION_PATTERN)].map((m) => Number(m[2])))];
}
