import { z } from 'zod';
import type { CommandTable } from './commands.ts';

/**
 * Pieces of the answers the API sends (docs/architecture.md §4), shared by the features' response schemas
 * (domain/<feature>-responses.ts). The server's contract tests parse its real answers with them, so a
 * shape cannot drift from what the client is told; the client takes its types from them.
 */
export const instant = z.iso.datetime();
export const day = z.iso.date();

export const refSchema = z.object({ id: z.number(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

/** A staff user as the after-sales and deliveries answers name one (userBrief on the server). */
export const personBriefSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  acronym: z.string(),
  color: z.string().nullable(),
  is_enabled: z.boolean(),
});
export type PersonBrief = z.infer<typeof personBriefSchema>;

/** A stored file item (docs/product.md §3 Uploaded file item). */
export const attachmentViewSchema = z.object({
  path: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
});
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

/** The events of a command table, for the `allowed_events` a detail answers (what the machine allows now). */
export const eventOf = <T extends CommandTable>(table: T) =>
  z.enum(Object.keys(table) as [keyof T & string, ...(keyof T & string)[]]);

/** `{data}`: one record or a plain list. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data });

/** The list envelope (docs/architecture.md §4): one page and how many there are. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number(),
    total: z.number(),
    has_more: z.boolean(),
    rowsPerPage: z.number(),
  });
