import { deliverSchema, FICHA_STATES, scheduleDecisionSchema, scheduleSchema } from './schemas/deliveries.ts';
import { emptyBody, type CommandTable } from './commands.ts';

/** Deliveries (fichas and their delivery appointment): the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { FICHA_STATES } from './schemas/deliveries.ts';
export type FichaState = (typeof FICHA_STATES)[number];

/** docs/product.md §4 delivery schedule (the owner's delivery appointment), the ids machines/delivery-schedule.ts declares. */
export const DELIVERY_SCHEDULE_STATES = ['por_confirmar', 'confirmada', 'rechazada', 'realizada'] as const;
export type DeliveryScheduleState = (typeof DELIVERY_SCHEDULE_STATES)[number];

/** Scheduling, delivering and undoing a delivery. */
export const DELIVERY_MANAGE = 'entregas_gestionar';
/** The on-site work: revision, details, accessories, certificates and the delivery dialog (inspectors too). */
export const DELIVERY_REVIEW = 'entregas_gestionar|entregas_revision';
/** Passing to after-sales opens an after-sales ticket: it also needs the right to create one. */
export const DELIVERY_PASS_TO_AFTER_SALES = 'entregas_gestionar&postventa_crear';

/** Ficha machine event → URL verb (POST entregas/fichas/{unitId}/<verb>), permission, body (docs/product.md §4 Ficha). */
export const fichaCommands = {
  'ficha.schedule': { verb: 'agendar', permission: DELIVERY_MANAGE, body: scheduleSchema },
  'ficha.deliver': { verb: 'entregar', permission: DELIVERY_REVIEW, body: deliverSchema },
  'ficha.returnToNew': { verb: 'volver-a-nuevo', permission: DELIVERY_MANAGE, body: emptyBody },
  'ficha.clean': { verb: 'limpiar', permission: DELIVERY_MANAGE, body: emptyBody },
  'ficha.passToAfterSales': { verb: 'pasar-a-postventa', permission: DELIVERY_PASS_TO_AFTER_SALES, body: emptyBody },
} as const satisfies CommandTable;
export type FichaCommandType = keyof typeof fichaCommands;

/**
 * Delivery appointment machine event → URL verb (POST entregas/fichas/{unitId}/agenda/<verb>),
 * permission, body (docs/product.md §4 Delivery schedule). Staff record the owner's answer; the owner answers
 * from the portal or the e-mailed link. A reschedule is part of ficha.schedule (agendar).
 */
export const deliveryScheduleCommands = {
  'schedule.confirm': { verb: 'confirmar', permission: DELIVERY_MANAGE, body: scheduleDecisionSchema, byOwner: true },
  'schedule.reject': { verb: 'rechazar', permission: DELIVERY_MANAGE, body: scheduleDecisionSchema, byOwner: true },
  'schedule.reschedule': { permission: DELIVERY_MANAGE, body: scheduleSchema },
  // Part of ficha.deliver (entregar): delivering the unit settles its appointment, with the delivery's permission.
  'schedule.settle': { permission: DELIVERY_REVIEW, body: emptyBody },
} as const satisfies CommandTable;
export type DeliveryScheduleCommandType = keyof typeof deliveryScheduleCommands;
