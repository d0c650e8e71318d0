/**
 * docs/product.md §3 user option, in either of the two shapes the API answers, and the one shape the user
 * select works with.
 */

/** Shape of the v2 user lists. */
export type UserOptionV2 = {
  id?: string | number | null;
  full_name: string;
  username: string;
  image_url?: string | null;
  acronym?: string | null;
  is_enabled?: boolean | number | null;
};

/** Shape of the v1 user lists: eliminado '1' deleted, '0' active; disponible the availability flag. */
export type UserOptionV1 = {
  id: string | number;
  name: string;
  id_login?: string | number | null;
  acronimo?: string | null;
  disponible?: boolean | number | string | null;
  eliminado?: '0' | '1' | 0 | 1 | boolean | null;
  image_url?: string | null;
};

export type UserOption = UserOptionV1 | UserOptionV2;

export type NormalizedUser = {
  /** The value the select emits: the id, or the username for v2 rows without id. */
  value: string;
  name: string;
  login: string | null;
  acronym: string;
  imageUrl: string | null;
  /** Deleted (v1 eliminado '1') or disabled (v2 is_enabled false): struck through, hidden unless selected. */
  isDeleted: boolean;
  /** null when the row says nothing about availability (no label is shown). */
  isAvailable: boolean | null;
};

function isV2(option: UserOption): option is UserOptionV2 {
  return 'full_name' in option;
}

/** '1', 1, true, 'true' → true; '0', 0, false, 'false' → false; anything else → null. */
function flag(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}

function acronymOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function normalizeUserOption(option: UserOption): NormalizedUser {
  if (isV2(option)) {
    return {
      value: String(option.id ?? option.username),
      name: option.full_name,
      login: option.username || null,
      acronym: option.acronym || acronymOf(option.full_name),
      imageUrl: option.image_url || null,
      isDeleted: flag(option.is_enabled) === false,
      isAvailable: null,
    };
  }
  return {
    value: String(option.id),
    name: option.name,
    login: option.id_login != null && option.id_login !== '' ? String(option.id_login) : null,
    acronym: option.acronimo || acronymOf(option.name),
    imageUrl: option.image_url || null,
    isDeleted: flag(option.eliminado) === true,
    isAvailable: flag(option.disponible),
  };
}

/** docs/product.md §4: deleted users are hidden unless they are currently selected. */
export function visibleUsers(options: UserOption[], selected: readonly string[]): NormalizedUser[] {
  const chosen = new Set(selected);
  return options.map(normalizeUserOption).filter((u) => !u.isDeleted || chosen.has(u.value));
}
