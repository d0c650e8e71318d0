import { z } from 'zod';
import { instant } from './responses.ts';
import { SAVED_VIEW_LISTS } from './saved-views.ts';

/** GET/POST/PATCH postventa/vistas (server/src/modules/after-sales/views). */
export const savedViewSchema = z.object({
  id: z.number(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  shared: z.boolean(),
  params: z.record(z.string(), z.string()),
  owner: z.object({ id: z.number(), full_name: z.string() }),
  is_mine: z.boolean(),
  /** The caller may rename, re-share or delete it: their own, or a shared one with SHARE_VIEWS. */
  can_edit: z.boolean(),
  created_at: instant,
  updated_at: instant,
});
export type SavedView = z.infer<typeof savedViewSchema>;
