import { z } from 'zod';
import { AGGREGATE_SIZES_MM, CONCRETE_CONFIDENCE_LEVELS, CONCRETE_GRADES } from './concrete.ts';

/**
 * What the Concrete routes answer (docs/api.md, Concrete); tests/contracts/ parses the real answers with these, and
 * the client takes its types from them.
 */

// ── Configuration catalogues ────────────────────────────────────────────────────────────────────────────

export const concreteElementSchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  position: z.number(),
});
export type ConcreteElement = z.infer<typeof concreteElementSchema>;

export const laboratorySchema = z.object({
  id: z.number(),
  name: z.string(),
  rut: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
});
export type Laboratory = z.infer<typeof laboratorySchema>;

export const concreteCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  rut: z.string().nullable(),
  homologated: z.boolean(),
  active: z.boolean(),
});
export type ConcreteCompany = z.infer<typeof concreteCompanySchema>;

export const concreteTypeSchema = z.object({
  id: z.number(),
  grade: z.enum(CONCRETE_GRADES),
  /** MPa at the acceptance age (domain/concrete.ts specifiedStrengthOf). */
  strength_mpa: z.number(),
  confidence: z.union(CONCRETE_CONFIDENCE_LEVELS.map((c) => z.literal(c))),
  aggregate_mm: z.union(AGGREGATE_SIZES_MM.map((s) => z.literal(s))),
  slump_cm: z.number(),
  structural: z.boolean(),
  description: z.string().nullable(),
  /** "G25 (90) 20 10" (domain/concrete.ts typeDesignation). */
  designation: z.string(),
  active: z.boolean(),
});
export type ConcreteType = z.infer<typeof concreteTypeSchema>;

/** GET/PUT hormigon/configuracion: domain/concrete.ts ConcreteSettings, the company's or the defaults. */
export const concreteSettingsResponseSchema = z.object({
  truck_m3_max: z.number(),
  placement_m3_max: z.number(),
  m3_tolerance_pct: z.number(),
  batch_m3_max: z.number(),
  batch_days_max: z.number(),
  acceptance_age_days: z.number(),
  acceptance_consecutive: z.number(),
  mean_margin_mpa: z.number(),
  single_margin_mpa: z.number(),
  /** When they were last saved; null while the company runs on the defaults. */
  updated_at: z.string().nullable(),
});
export type ConcreteSettingsResponse = z.infer<typeof concreteSettingsResponseSchema>;
