import { z } from 'zod';
import { TICKET_STATES, type TicketState } from './after-sales.ts';
import { email } from './common.ts';

/**
 * The CRM integration's settings (docs/product.md §1 CRM, §3 CRM integration: app_id, pipeline_id, access_token,
 * emails, send_copy) and the stage each of our ticket states takes in the HubSpot pipeline.
 */

/** How many addresses receive a copy of each ticket sent to HubSpot. */
export const HUBSPOT_MAX_EMAILS = 10;

/**
 * Our ticket states → HubSpot's default support pipeline stages ("1" new, "2" waiting on contact, "3" waiting on
 * us, "4" closed). A company with its own pipeline overrides them in stage_map.
 */
export const DEFAULT_HUBSPOT_STAGES: Record<TicketState, string> = {
  nueva: '1',
  abierta: '2',
  en_proceso: '3',
  postergada: '3',
  finalizada: '4',
  resuelta: '4',
  no_aplica: '4',
  fusionada: '4',
};

/** HubSpot's ids (app, pipeline, stage): digits or internal names such as "appointmentscheduled". */
const hubspotId = z
  .string('validation.required')
  .trim()
  .max(64, 'validation.max_length')
  .regex(/^[A-Za-z0-9_.:-]*$/, 'validation.invalid_characters');

export const hubspotSettingsSchema = z.object({
  app_id: hubspotId.min(1, 'validation.required'),
  pipeline_id: hubspotId.min(1, 'validation.required'),
  /** Write-only: left out keeps the stored token, '' clears it. */
  access_token: z.string('validation.required').trim().max(512, 'validation.max_length').optional(),
  emails: z.array(email(), 'validation.required').max(HUBSPOT_MAX_EMAILS, 'validation.max_items').default([]),
  send_copy: z.boolean('validation.required').default(false),
  stage_map: z.partialRecord(z.enum(TICKET_STATES), hubspotId.min(1, 'validation.required')).default({}),
});
export type HubspotSettingsInput = z.infer<typeof hubspotSettingsSchema>;

/** The stage a ticket in `state` takes in the company's pipeline. */
export const hubspotStageOf = (stageMap: Partial<Record<TicketState, string>> | undefined, state: TicketState) =>
  stageMap?.[state] ?? DEFAULT_HUBSPOT_STAGES[state];
