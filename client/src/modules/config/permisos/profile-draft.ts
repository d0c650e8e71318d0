import type { ProfileRow } from '#domain/access-responses';
import type { ProfileInput } from '#domain/schemas/profiles';

/** What the profile editor holds: every flag the profile gives (permissions and exclusive ones) and which are exclusive. */
export type ProfileDraft = { name: string; groups: string[]; held: string[]; exclusive: string[] };

export const EMPTY_DRAFT: ProfileDraft = { name: '', groups: [], held: [], exclusive: [] };

export function draftOf(row: ProfileRow): ProfileDraft {
  return {
    name: row.name,
    groups: [...row.groups],
    held: [...row.permissions, ...row.exclusive_permissions],
    exclusive: [...row.exclusive_permissions],
  };
}

/** The body of POST/PUT configuracion/permisos: an exclusive flag is sent once, as exclusive. */
export function inputOf(draft: ProfileDraft): Required<Omit<ProfileInput, 'name'>> & { name: string } {
  const exclusive = draft.exclusive.filter((f) => draft.held.includes(f));
  return {
    name: draft.name,
    groups: draft.groups.map((g) => g.trim()).filter(Boolean),
    permissions: draft.held.filter((f) => !exclusive.includes(f)),
    exclusive_permissions: exclusive,
  };
}

/** Turns a flag on or off; off also drops it from the exclusive ones. */
export function toggleHeld(draft: ProfileDraft, flag: string, on: boolean): ProfileDraft {
  return on
    ? { ...draft, held: draft.held.includes(flag) ? draft.held : [...draft.held, flag] }
    : { ...draft, held: draft.held.filter((f) => f !== flag), exclusive: draft.exclusive.filter((f) => f !== flag) };
}

/** Marks a flag exclusive (and held), or plain again. */
export function toggleExclusive(draft: ProfileDraft, flag: string, on: boolean): ProfileDraft {
  const held = toggleHeld(draft, flag, true);
  return on
    ? { ...held, exclusive: held.exclusive.includes(flag) ? held.exclusive : [...held.exclusive, flag] }
    : { ...held, exclusive: held.exclusive.filter((f) => f !== flag) };
}

const sorted = (list: readonly string[]) => [...list].sort().join('\n');

/** docs/product.md §5 "saving with no changes shows 'no changes to send'": compared before any request. */
export function hasProfileChanges(saved: ProfileRow, draft: ProfileDraft): boolean {
  const next = inputOf(draft);
  return (
    next.name.trim() !== saved.name ||
    sorted(next.groups) !== sorted(saved.groups) ||
    sorted(next.permissions) !== sorted(saved.permissions) ||
    sorted(next.exclusive_permissions) !== sorted(saved.exclusive_permissions)
  );
}
