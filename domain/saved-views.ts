import { z } from 'zod';
import { CM_TICKET_VIEW_PARAMS } from './schemas/cmanagement.ts';

/**
 * Saved views of a list (docs/product.md §2 Saved views): the filters and sort of a list under a name, the
 * user's own or shared with the company. Configuration, not a record with a lifecycle: no machine, no
 * command table.
 */
export const SAVED_VIEW_LISTS = ['solicitudes', 'cm_tickets'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/**
 * The URL parameters a view keeps, per list: the list's state in the URL
 * (client/src/modules/after-sales/solicitudes/use-ticket-filters.ts), without the page.
 */
export const SAVED_VIEW_PARAMS = {
  solicitudes: [
    'state',
    'priority',
    'origin',
    'responsible',
    'project',
    'tower',
    'unit',
    'date_preset',
    'date_field',
    'date_from',
    'date_to',
    'search',
    'sla',
    'sort',
    'desc',
    'rows',
  ],
  cm_tickets: CM_TICKET_VIEW_PARAMS,
} as const satisfies Record<SavedViewList, readonly string[]>;
const ALL_PARAMS = [...new Set(Object.values(SAVED_VIEW_PARAMS).flat())] as [string, ...string[]];

/** Who may share a view with the company, and rename or delete a colleague's shared one. */
export const SHARE_VIEWS = 'postventa_supervisar|config_usuarios';
export const SAVED_VIEW_NAME_MAX = 60;
/** A user's own views per list: a menu, not a library. */
export const SAVED_VIEWS_PER_USER_MAX = 30;
const PARAM_VALUE_MAX = 2000;

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(SAVED_VIEW_NAME_MAX, 'validation.max_length');
const params = z.partialRecord(z.enum(ALL_PARAMS), z.string().max(PARAM_VALUE_MAX, 'validation.max_length'));

export const savedViewListQuerySchema = z.object({ list: z.enum(SAVED_VIEW_LISTS, { error: 'validation.required' }) });

export const savedViewCreateSchema = z
  .object({
    list: z.enum(SAVED_VIEW_LISTS, { error: 'validation.required' }),
    name,
    shared: z.boolean().default(false),
    params,
  })
  .refine((v) => Object.keys(v.params).every((k) => (SAVED_VIEW_PARAMS[v.list] as readonly string[]).includes(k)), {
    path: ['params'],
    message: 'validation.invalid',
  });
export type SavedViewCreateInput = z.input<typeof savedViewCreateSchema>;

export const savedViewUpdateSchema = z.object({
  name: name.optional(),
  shared: z.boolean().optional(),
  params: params.optional(),
});
export type SavedViewUpdateInput = z.input<typeof savedViewUpdateSchema>;
