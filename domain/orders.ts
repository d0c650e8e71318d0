import { orderDecisionSchema, orderManageSchema, orderScheduleSchema } from './schemas/warranties.ts';
import type { CommandTable } from './commands.ts';
import { TICKET_MANAGE } from './tickets.ts';

/** Inspection and work orders (OI / OT) of a ticket: the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { ORDER_KINDS, ORDER_STATES } from './schemas/warranties.ts';

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
