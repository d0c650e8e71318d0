/** The machines package: every lifecycle machine by name (all.ts), each machine's file, the engine and the labels. */
export { machines, MACHINE_NAMES, type Machines, type MachineName } from './all.ts';

export * from './ac.ts';
export * from './cm-issue.ts';
export * from './cm-task.ts';
export * from './concrete-batch.ts';
export * from './concrete-placement.ts';
export * from './cm-ticket.ts';
export * from './course.ts';
export * from './delivery-schedule.ts';
export * from './failure.ts';
export * from './ficha.ts';
export * from './integration.ts';
export * from './order.ts';
export * from './reception.ts';
export * from './reception-follow-up.ts';
export * from './ticket.ts';
export * from './upload-item.ts';
export * from './user.ts';
export * from './webhook-event.ts';
export * from './engine.ts';
export * from './labels.ts';
