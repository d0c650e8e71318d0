import { ORDER_KINDS, orderDecisionSchema, orderManageSchema, orderScheduleSchema } from './schemas/after-sales.ts';
import type { CommandTable } from './commands.ts';
import { TICKET_CLOSED_STATES, TICKET_MANAGE, type TicketState } from './tickets.ts';

/** Inspection and work orders (OI / OT) of a ticket: the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { ORDER_KINDS } from './schemas/after-sales.ts';
export type OrderKind = (typeof ORDER_KINDS)[number];

/** docs/product.md §4 order states, the ids machines/order.ts declares and `orders.state` stores. */
export const ORDER_STATES = ['creada', 'agendada', 'confirmada', 'cancelada', 'gestionada', 'finalizada'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** A visit was set and kept (not created unscheduled, not cancelled): the agenda shows these. */
export const ORDER_SCHEDULED_STATES = [
  'agendada',
  'confirmada',
  'gestionada',
  'finalizada',
] as const satisfies readonly OrderState[];
/** Managed or finished: the order's responsible, failures and description no longer change. */
export const ORDER_DONE_STATES = ['gestionada', 'finalizada'] as const satisfies readonly OrderState[];

/**
 * docs/product.md §4 leaves open in which ticket states a schedule cannot be edited or deleted: the ones where
 * nobody should visit the unit — closed (finalizada, no_aplica), merged away, or on hold.
 */
export const TICKET_STATES_FORBIDDING_SCHEDULE_EDIT = [
  ...TICKET_CLOSED_STATES,
  'postergada',
] as const satisfies readonly TicketState[];

/**
 * Order machine event → URL verb (POST solicitudes/{id}/{oi|ot}/{orderId}/<verb>), permission, body
 * (docs/product.md §4 Orders). Staff record the owner's answer with confirmar / rechazar; the owner answers
 * the same events from the portal or the e-mailed link.
 */
export const orderCommands = {
  'order.schedule': { verb: 'agendar', permission: TICKET_MANAGE, body: orderScheduleSchema },
  'order.reschedule': { verb: 'reagendar', permission: TICKET_MANAGE, body: orderScheduleSchema },
  'order.unschedule': { verb: 'desagendar', permission: TICKET_MANAGE, body: orderDecisionSchema },
  'order.confirm': { verb: 'confirmar', permission: TICKET_MANAGE, body: orderDecisionSchema, byOwner: true },
  'order.reject': { verb: 'rechazar', permission: TICKET_MANAGE, body: orderDecisionSchema, byOwner: true },
  'order.cancel': { verb: 'cancelar', permission: TICKET_MANAGE, body: orderDecisionSchema },
  'order.manage': { verb: 'gestionar', permission: TICKET_MANAGE, body: orderManageSchema },
  'order.finish': { verb: 'finalizar', permission: TICKET_MANAGE, body: orderDecisionSchema },
} as const satisfies CommandTable;
export type OrderCommandType = keyof typeof orderCommands;
