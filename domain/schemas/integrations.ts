import { z } from 'zod';
import { INTEGRATION_KINDS, REQUESTABLE_MODULES } from '../integrations.ts';
import type { CompanyModule } from '../permission-catalogue.ts';

/**
 * POST configuracion/integraciones/solicitudes (docs/product.md §4 "modules and integrations may be requested"): a
 * module of the catalogue (not integraciones itself) or an integration, asked of the provider.
 */
export const requestTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('module'),
      module: z.enum(REQUESTABLE_MODULES as [CompanyModule, ...CompanyModule[]], { error: 'validation.invalid' }),
    }),
    z.object({
      kind: z.literal('integration'),
      integration: z.enum(INTEGRATION_KINDS, { error: 'validation.invalid' }),
    }),
  ],
  { error: 'validation.invalid' },
);
export const activationRequestSchema = z.object({ target: requestTargetSchema });
export type ActivationRequestInput = z.input<typeof activationRequestSchema>;
