import { acMachine } from './ac.ts';
import { bimFileMachine } from './bim-file.ts';
import { cmIssueMachine } from './cm-issue.ts';
import { batchMachine } from './concrete-batch.ts';
import { placementMachine } from './concrete-placement.ts';
import { cmTaskMachine } from './cm-task.ts';
import { cmTicketMachine } from './cm-ticket.ts';
import { courseMachine } from './course.ts';
import { deliveryScheduleMachine } from './delivery-schedule.ts';
import { failureMachine } from './failure.ts';
import { fichaMachine } from './ficha.ts';
import { integrationMachine } from './integration.ts';
import { orderMachine } from './order.ts';
import { followUpMachine } from './reception-follow-up.ts';
import { receptionMachine } from './reception.ts';
import { ticketMachine } from './ticket.ts';
import { uploadItemMachine } from './upload-item.ts';
import { userMachine } from './user.ts';
import { webhookEventMachine } from './webhook-event.ts';

/** Every lifecycle machine of docs/product.md §4, by the name used in locale keys (machines.<name>.*). */
export const machines = {
  ticket: ticketMachine,
  failure: failureMachine,
  ac: acMachine,
  order: orderMachine,
  ficha: fichaMachine,
  deliverySchedule: deliveryScheduleMachine,
  course: courseMachine,
  uploadItem: uploadItemMachine,
  webhookEvent: webhookEventMachine,
  integration: integrationMachine,
  user: userMachine,
  cmTicket: cmTicketMachine,
  cmIssue: cmIssueMachine,
  cmTask: cmTaskMachine,
  bimFile: bimFileMachine,
  placement: placementMachine,
  batch: batchMachine,
  reception: receptionMachine,
  followUp: followUpMachine,
} as const;

export type Machines = typeof machines;
export type MachineName = keyof Machines;
export const MACHINE_NAMES = Object.keys(machines) as MachineName[];
