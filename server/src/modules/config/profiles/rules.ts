import { and, eq, ne, sql } from 'drizzle-orm';
import { isCatalogueFlag } from '#domain/permission-catalogue';
import type { DbOrTx } from '../../../db/client.ts';
import { profiles } from '../../../db/schema/index.ts';
import { conflict, unprocessable, type FieldError } from '../../../lib/errors.ts';

type Flags = { permissions: string[]; exclusive_permissions: string[] };
type Stored = { permissions: string[]; exclusivePermissions: string[] } | null;

/**
 * The flags a profile may be saved with: catalogue flags, and undefined ones only where the profile already
 * holds them (docs/product.md §3: listed as undefined, kept or removed, never invented). Exclusive permissions
 * are catalogue flags and are not repeated among the permissions.
 */
export function assertKnownFlags(input: Flags, stored: Stored): Flags {
  const held = new Set(stored ? [...stored.permissions, ...stored.exclusivePermissions] : []);
  const errors: FieldError[] = [];
  input.permissions.forEach((flag, i) => {
    if (!isCatalogueFlag(flag) && !held.has(flag))
      errors.push({ field: `permissions.${i}`, key: 'config_profiles.unknown_permission', params: { flag } });
  });
  input.exclusive_permissions.forEach((flag, i) => {
    if (!isCatalogueFlag(flag))
      errors.push({ field: `exclusive_permissions.${i}`, key: 'config_profiles.unknown_permission', params: { flag } });
  });
  if (errors.length) throw unprocessable(errors);
  const exclusive = [...new Set(input.exclusive_permissions)].sort();
  const permissions = [...new Set(input.permissions)].filter((f) => !exclusive.includes(f)).sort();
  return { permissions, exclusive_permissions: exclusive };
}

/**
 * docs/product.md §6 exclusive permissions: a flag one profile holds as exclusive is held by no other profile
 * of the company, as a permission or as exclusive (409 naming the profile that has it).
 */
export async function assertExclusivesFree(db: DbOrTx, companyId: number, flags: Flags, profileId?: number) {
  const others = await db
    .select({ name: profiles.name, permissions: profiles.permissions, exclusive: profiles.exclusivePermissions })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), profileId === undefined ? undefined : ne(profiles.id, profileId)));
  for (const other of others) {
    const clash =
      flags.exclusive_permissions.find((f) => other.permissions.includes(f) || other.exclusive.includes(f)) ??
      flags.permissions.find((f) => other.exclusive.includes(f));
    if (clash) throw conflict('config_profiles.exclusive_taken', { flag: clash, profile: other.name });
  }
}

/** Two profiles of a company never share a name, whatever its case. */
export async function assertProfileNameFree(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  if (await profileNameTaken(db, companyId, name, exceptId)) throw conflict('config_profiles.duplicate', { name });
}

export async function profileNameTaken(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.companyId, companyId),
        sql`lower(${profiles.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(profiles.id, exceptId),
      ),
    );
  return Boolean(taken);
}
