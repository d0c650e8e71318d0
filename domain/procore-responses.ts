import { z } from 'zod';
import { instant } from './responses.ts';

/** A project of the company's Procore account, as "Probar conexión" lists it (docs/product.md §2 procore). */
export const procoreRemoteProjectSchema = z.object({ id: z.string(), name: z.string() });
export type ProcoreRemoteProject = z.infer<typeof procoreRemoteProjectSchema>;

/** POST configuracion/integraciones/procore/probar: the credentials work, and the projects they reach. */
export const procoreProbeSchema = z.object({ ok: z.literal(true), projects: procoreRemoteProjectSchema.array() });
export type ProcoreProbe = z.infer<typeof procoreProbeSchema>;

/** One of the company's (visible) projects and the Procore project its failures go to (null: not linked). */
export const procoreProjectLinkSchema = z.object({
  project_id: z.number(),
  project_name: z.string(),
  procore_project_id: z.string().nullable(),
});
export type ProcoreProjectLink = z.infer<typeof procoreProjectLinkSchema>;

/** A failure sent to Procore as an observation, with the status Procore last reported. */
export const procoreObservationLinkSchema = z.object({
  id: z.number(),
  failure_id: z.number(),
  failure_name: z.string(),
  ticket_id: z.number(),
  ticket_code: z.string(),
  procore_project_id: z.string(),
  procore_observation_id: z.string(),
  remote_status: z.string().nullable(),
  synced_at: instant.nullable(),
});
export type ProcoreObservationLink = z.infer<typeof procoreObservationLinkSchema>;
