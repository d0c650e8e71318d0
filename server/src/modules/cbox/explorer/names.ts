import { conflict, isUniqueViolation } from '../../../lib/errors.ts';

/** The partial unique indexes that keep live names distinct within a folder (server/src/db/schema/cbox.ts). */
const NAME_INDEXES = ['cbox_folders_name_uq', 'cbox_files_name_uq'];

export const nameTaken = (name: string) => conflict('cbox.errors.name_taken', { name });

/**
 * Runs a write that may give an item a name its folder already holds: the index's refusal is a 409 naming it, never
 * a 500. Wrap the whole transaction (a refused statement aborts it).
 */
export async function orNameTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (NAME_INDEXES.some((index) => isUniqueViolation(error, index))) throw nameTaken(name);
    throw error;
  }
}
