import { z } from 'zod';
import { id, requiredText } from './common.ts';

/**
 * docs/product.md §2 config/integraciones/procore: the construction platform's company id and the OAuth client the
 * server calls it with. Ids are Procore's (digits for the company; the client id is an opaque token).
 */
const procoreCompanyId = requiredText({ max: 20 }).regex(/^\d+$/, 'validation.invalid');
const clientId = requiredText({ max: 200 });

/**
 * PUT configuracion/integraciones/procore. The secret is write-only: left out keeps what is stored, '' clears it.
 */
export const procoreSettingsSchema = z.object({
  company_id: procoreCompanyId,
  client_id: clientId,
  client_secret: z.string({ error: 'validation.invalid' }).trim().max(500, 'validation.max_length').optional(),
});
export type ProcoreSettingsInput = z.input<typeof procoreSettingsSchema>;

/** A Procore project id: a positive whole number, sent as a number or as digits. */
const procoreProjectId = z.union([
  z.number({ error: 'validation.invalid' }).int('validation.invalid').positive('validation.invalid'),
  z.string({ error: 'validation.invalid' }).regex(/^\d{1,20}$/, 'validation.invalid'),
]);

/**
 * PUT configuracion/integraciones/procore/proyectos: each listed project's Procore project (null unlinks it).
 * Projects left out keep their link.
 */
export const procoreProjectLinksSchema = z.object({
  links: z
    .array(z.object({ project_id: id(), procore_project_id: procoreProjectId.nullable() }), {
      error: 'validation.invalid',
    })
    .max(500, 'validation.max_items'),
});
export type ProcoreProjectLinksInput = z.input<typeof procoreProjectLinksSchema>;
