import {
  BULK_ACTIONS,
  closeSchema,
  mergeSchema,
  reopenSchema,
  ticketUpdateSchema,
  type TicketState,
} from './schemas/after-sales.ts';
import { emptyBody, type CommandTable } from './commands.ts';

/** After-sales tickets (solicitudes): the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { TICKET_STATES, type TicketState } from './schemas/after-sales.ts';

/** Being worked on: failures can be added, the response clock runs; a postponed ticket returns to one (`tickets.previous_state`). */
export const TICKET_WORKING_STATES = ['nueva', 'abierta', 'en_proceso'] as const satisfies readonly TicketState[];
export type TicketWorkingState = (typeof TICKET_WORKING_STATES)[number];

/** What the edit form's state select may save a ticket as (docs/product.md §4 "send it as a different state"). */
export const TICKET_SAVE_AS_STATES = ['abierta', 'en_proceso'] as const satisfies readonly TicketWorkingState[];
export type TicketSaveAsState = (typeof TICKET_SAVE_AS_STATES)[number];

/** docs/product.md §4: "Created means unresolved (N, A, P, postponed) plus resolved". */
export const TICKET_UNRESOLVED_STATES = [
  ...TICKET_WORKING_STATES,
  'postergada',
] as const satisfies readonly TicketState[];
export const TICKET_CREATED_STATES = [
  ...TICKET_UNRESOLVED_STATES,
  'resuelta',
] as const satisfies readonly TicketState[];

/** Answered: resolved, closed or not applicable. A reopen brings them back to abierta; dashboard/eficiencia times their resolution. */
export const TICKET_RESOLVED_STATES = ['finalizada', 'resuelta', 'no_aplica'] as const satisfies readonly TicketState[];
/** No longer worked on (resolved or merged away): entering one stamps `tickets.resolved_at`. */
export const TICKET_DONE_STATES = [...TICKET_RESOLVED_STATES, 'fusionada'] as const satisfies readonly TicketState[];
/** Ended for good unless reopened: closed, not applicable, or merged away (nothing leaves fusionada). */
export const TICKET_CLOSED_STATES = ['finalizada', 'no_aplica', 'fusionada'] as const satisfies readonly TicketState[];

/** docs/product.md §6 permission flags of after-sales work (docs/api.md CREATE, MANAGE, CLOSE). */
export const TICKET_CREATE = 'postventa_crear';
export const TICKET_MANAGE = 'postventa_gestionar';
export const TICKET_CLOSE = 'postventa_cerrar';
/**
 * docs/product.md §6 names the "responsible agent" but not which profile is one. Our rule: an agent holds
 * postventa_gestionar without postventa_supervisar. Agents are exempt from the owner-message
 * permission and from the response-time limit (docs/product.md §6).
 */
export const AGENT_EXPRESSION = 'postventa_gestionar&!postventa_supervisar';
/** Public messages reach the owner: they need this flag, unless the author is an agent. */
export const OWNER_MESSAGE = 'postventa_mensaje_propietario';

/**
 * Ticket machine event → URL verb, permission, request body (docs/product.md §4 ticket actions). Closing,
 * marking not applicable, reopening and merging end or revive a ticket: they need CLOSE on every
 * path, the PATCH state select and the bulk actions included.
 */
export const ticketCommands = {
  'ticket.open': { verb: 'abrir', permission: TICKET_MANAGE, body: emptyBody },
  'ticket.startProgress': { verb: 'iniciar', permission: TICKET_MANAGE, body: emptyBody },
  // docs/product.md §4 "the save button can send it as a different state": PATCH solicitudes/{id} {state}.
  'ticket.saveAs': { permission: TICKET_MANAGE, body: ticketUpdateSchema },
  'ticket.postpone': { verb: 'postergar', permission: TICKET_MANAGE, body: emptyBody },
  'ticket.unpostpone': { verb: 'reanudar', permission: TICKET_MANAGE, body: emptyBody },
  'ticket.resolve': { verb: 'resolver', permission: TICKET_MANAGE, body: emptyBody },
  'ticket.close': { verb: 'cerrar', permission: TICKET_CLOSE, body: closeSchema },
  'ticket.markNotApplicable': { verb: 'no-aplica', permission: TICKET_CLOSE, body: closeSchema },
  'ticket.reopen': { verb: 'reabrir', permission: TICKET_CLOSE, body: reopenSchema },
  // Sent to each listed ticket by POST solicitudes/{survivor}/fusionar, its own route.
  'ticket.merge': { permission: TICKET_CLOSE, body: mergeSchema },
} as const satisfies CommandTable;
export type TicketCommandType = keyof typeof ticketCommands;

type BulkAction = (typeof BULK_ACTIONS)[number];
/** What each bulk action sends (docs/product.md §5/§9): a machine event, or a field edit that needs MANAGE like PATCH. */
export const BULK_ACTION_EVENT = {
  assign: 'edit',
  priority: 'edit',
  postpone: 'ticket.postpone',
  unpostpone: 'ticket.unpostpone',
  close: 'ticket.close',
  reopen: 'ticket.reopen',
} as const satisfies Record<BulkAction, TicketCommandType | 'edit'>;

export function bulkActionPermission(action: BulkAction): string {
  const event = BULK_ACTION_EVENT[action];
  return event === 'edit' ? TICKET_MANAGE : ticketCommands[event].permission;
}

/** Any bulk action at all: the route's declared minimum, before the body says which. */
export const BULK_ANY_PERMISSION = [...new Set(BULK_ACTIONS.map(bulkActionPermission))].join('|');
