import { z } from 'zod';

/**
 * How one machine event is reached from the API (docs/architecture.md §2 "one contract per feature"): the server
 * builds its verb routes and permission checks from it, the sweeps read it, and every path that
 * sends the event — its verb route, a PATCH with a state, a bulk action — meets the same check.
 */
export type Command = {
  /** URL verb of the feature's verb route (POST …/:id/<verb>); absent when the event is reached another way (a PATCH state). */
  verb?: string;
  /** docs/product.md §6 expression a staff caller must satisfy, whatever the path. */
  permission: string;
  /** Request body of the route that sends it. */
  body: z.ZodType;
  /** Owners send it too (portal or e-mailed link), authorised by owning the unit or holding the link's token. */
  byOwner?: true;
  /** The record's own user sends it (their course assignment), authorised by the load being scoped to them. */
  bySelf?: true;
};

/** Machine event type → command. The server checks at compile time that a table lists every event of its machine. */
export type CommandTable<Type extends string = string> = { readonly [T in Type]: Command };

/** Verbs that take no input. */
export const emptyBody = z.object({});

type Entry = readonly [type: string, command: Command];
const entries = (table: CommandTable): Entry[] => Object.entries(table);

/** The part of a table one route serves: the listed events, or those whose command passes `keep` (e.g. one body). */
export function pickCommands<T extends CommandTable>(
  table: T,
  keep: readonly (keyof T & string)[] | ((command: Command) => boolean),
): Partial<T> & CommandTable {
  const isKept = typeof keep === 'function' ? ([, c]: Entry) => keep(c) : ([type]: Entry) => keep.includes(type);
  return Object.fromEntries(entries(table).filter(isKept)) as Partial<T> & CommandTable;
}

/** The verbs of a table, in table order, each once. */
export function commandVerbs(table: CommandTable): string[] {
  return [...new Set(entries(table).flatMap(([, c]) => (c.verb ? [c.verb] : [])))];
}

/** The Hono pattern of a verb parameter: `:action{${verbPattern(table)}}`. */
export function verbPattern(table: CommandTable): string {
  return `(?:${commandVerbs(table).join('|')})`;
}

/** The event types a verb sends (several when its body picks one, e.g. an AC reply's result). */
export function eventsOfVerb(table: CommandTable, verb: string): string[] {
  return entries(table)
    .filter(([, c]) => c.verb === verb)
    .map(([type]) => type);
}

/**
 * The permission each verb needs. Events sharing a verb must share its permission (a route
 * cannot know which one the body picks before reading it); a table that breaks this throws here.
 */
export function verbPermissions(table: CommandTable): Record<string, string> {
  const byVerb: Record<string, string> = {};
  for (const [type, c] of entries(table)) {
    if (!c.verb) continue;
    if (byVerb[c.verb] !== undefined && byVerb[c.verb] !== c.permission)
      throw new Error(`${type}: verb '${c.verb}' already needs '${byVerb[c.verb]}'`);
    byVerb[c.verb] = c.permission;
  }
  return byVerb;
}

/** The events of a table that have a verb route (the client posts them to …/<verb>). */
export type VerbCommandType<T extends CommandTable> = {
  [K in keyof T]: T[K] extends { verb: string } ? K : never;
}[keyof T] &
  string;

/** The events of a table whose request body is exactly `Body` (e.g. the order decisions that take only a reason). */
export type CommandTypeWithBody<T extends CommandTable, Body extends z.ZodType> = {
  [K in keyof T]: [T[K]['body']] extends [Body] ? ([Body] extends [T[K]['body']] ? K : never) : never;
}[keyof T] &
  string;
