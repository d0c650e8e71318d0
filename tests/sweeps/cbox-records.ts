import { and, asc, eq, isNull } from 'drizzle-orm';
import { cboxFiles, cboxFolders, cboxVersions } from '../../server/src/db/schema/index.ts';
import { insertFile, insertFolder } from '../../server/src/modules/cbox/explorer/test/records.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/** The library records a route parameter may stand for (biblioteca: folders, files, their versions). */
export type CboxSamples = { cboxFolder?: number; cboxFile?: number; cboxVersion?: number };

/** `kindOf` for the library routes' parameters. */
export const CBOX_PARAM_KINDS = {
  cboxFolderId: 'cboxFolder',
  cboxFileId: 'cboxFile',
  cboxVersionId: 'cboxVersion',
} as const;

/**
 * A live folder of the company with a file in it and that file's first version; the seed has none, so the first call
 * writes them (straight to the tables: a library file is a `files` row 'uploaded' and attached as 'cbox_file').
 */
export async function cboxSamplesIn(ctx: TestContext, companyId: number): Promise<CboxSamples> {
  const live = async () =>
    (
      await ctx.db
        .select({ folder: cboxFiles.folderId, file: cboxFiles.id, version: cboxVersions.id })
        .from(cboxFiles)
        .innerJoin(cboxFolders, eq(cboxFolders.id, cboxFiles.folderId))
        .innerJoin(cboxVersions, eq(cboxVersions.cboxFileId, cboxFiles.id))
        .where(and(eq(cboxFiles.companyId, companyId), isNull(cboxFiles.deletedAt), isNull(cboxFolders.deletedAt)))
        .orderBy(asc(cboxFiles.id), asc(cboxVersions.id))
        .limit(1)
    )[0];
  let found = await live();
  if (!found) {
    const folderId = await insertFolder(ctx.db, { companyId, name: `Barrido ${companyId}` });
    await insertFile(ctx.db, { companyId, name: 'barrido.pdf', folderId });
    found = await live();
  }
  return { cboxFolder: found.folder ?? undefined, cboxFile: found.file, cboxVersion: found.version };
}
