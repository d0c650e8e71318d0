import { BULK_ACTIONS, closeSchema, mergeSchema, reopenSchema, ticketUpdateSchema } from './schemas/warranties.ts';
import { emptyBody, type CommandTable } from './commands.ts';

/** After-sales tickets (solicitudes): the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { TICKET_STATES, type TicketState } from './schemas/warranties.ts';

/** docs/product.md §6 permission flags of after-sales work (docs/api.md CREATE, MANAGE, CLOSE). */
export const TICKET_CREATE = 'postventa_crear';
export const TICKET_MANAGE = 'postventa_gestionar';
export const TICKET_CLOSE = 'postventa_cerrar';

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
  assign: 'edit', priority: 'edit', postpone: 'ticket.postpone', unpostpone: 'ticket.unpostpone', close: 'ticket.close', reopen: 'ticket.reopen',
} as const satisfies Record<BulkAction, TicketCommandType | 'edit'>;

export function bulkActionPermission(action: BulkAction): string {
  const event = BULK_ACTION_EVENT[action];
  return event === 'edit' ? TICKET_MANAGE : ticketCommands[event].permission;
}

/** Any bulk action at all: the route's declared minimum, before the body says which. */
export const BULK_ANY_PERMISSION = [...new Set(BULK_ACTIONS.map(bulkActionPermission))].join('|');
