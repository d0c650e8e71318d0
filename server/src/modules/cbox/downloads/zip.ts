import type { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import yazl from 'yazl';
import { CBOX_LIMITS, keepBothName } from '#domain/cbox';
import type { CboxSelection } from '#domain/schemas/cbox';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { files } from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/errors.ts';
import { storageOf } from '../../../storage/index.ts';
import { loadFile, loadFolder } from '../shared/access.ts';
import { recordActivity } from '../shared/activity.ts';
import { subtreeFiles } from './subtree.ts';

/** One file of a zip: where its bytes are, how many, and its path inside the zip. */
export type ZipEntry = { cboxFileId: number; storagePath: string; size: number; zipPath: string };

/**
 * A name as one segment of a path inside the zip (names have no separators, but a zip must never climb out; a ':'
 * would read as a drive letter, which yazl refuses as an absolute path).
 */
const segment = (name: string) => {
  const clean = name.replace(/[\\/:\0]/g, '_').trim();
  return clean === '' || clean === '.' || clean === '..' ? '_' : clean;
};

/** Paths made unique without regard to case ('Plano.pdf' twice: 'Plano (1).pdf'), as the library names them. */
function uniquePaths() {
  const taken = new Set<string>();
  const key = (p: string) => p.toLocaleLowerCase('es');
  return (path: string) => {
    let unique = path;
    if (taken.has(key(path))) {
      const slash = path.lastIndexOf('/');
      const dir = path.slice(0, slash + 1);
      unique = dir + keepBothName(path.slice(slash + 1), (candidate) => taken.has(key(dir + candidate)));
    }
    taken.add(key(unique));
    return unique;
  };
}

const tooMany = () => new ApiError(422, 'cbox.errors.zip_too_many', { max: CBOX_LIMITS.zipFilesMax });

/**
 * The files of a selection (docs/api.md, Cbox: GET zip): the named files at the top, and every live file under each
 * named folder inside a directory of the folder's name, keeping the folders below. Any named item the caller does
 * not see makes the whole request a 404; more than CBOX_LIMITS.zipFilesMax files a 422.
 */
export async function zipEntries(deps: AppDeps, user: SessionUser, selection: CboxSelection): Promise<ZipEntry[]> {
  const db = deps.database.db;
  const max = CBOX_LIMITS.zipFilesMax;
  const folders = [];
  for (const id of new Set(selection.folder_ids)) folders.push((await loadFolder(db, user, id)).folder);
  const named = [];
  for (const id of new Set(selection.file_ids)) named.push((await loadFile(db, user, id)).file);
  if (named.length > max) throw tooMany();

  const unique = uniquePaths();
  const seen = new Set<number>();
  const entries: ZipEntry[] = [];
  const add = (id: number, storagePath: string, size: number, path: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    entries.push({ cboxFileId: id, storagePath, size, zipPath: unique(path) });
  };
  for (const folder of folders) {
    const found = await subtreeFiles(db, user.companyId, folder.id, max + 1 - entries.length);
    for (const f of found) add(f.id, f.path, f.size, [folder.name, ...f.trail, f.name].map(segment).join('/'));
    if (entries.length > max) throw tooMany();
  }
  const stored = await storedPaths(
    deps,
    named.map((f) => f.fileId),
  );
  for (const f of named) add(f.id, stored.get(f.fileId) ?? '', f.size, segment(f.name));
  if (entries.length > max) throw tooMany();
  return withStoredBytes(deps, entries);
}

/**
 * The entries whose bytes are in storage: one lost object (a disk restored from an older backup) leaves that file out
 * of the zip, logged, instead of breaking the zip halfway through for every other file.
 */
async function withStoredBytes(deps: AppDeps, entries: ZipEntry[]): Promise<ZipEntry[]> {
  const storage = storageOf(deps);
  const kept: ZipEntry[] = [];
  for (let i = 0; i < entries.length; i += STAT_BATCH) {
    const batch = entries.slice(i, i + STAT_BATCH);
    const found = await Promise.all(batch.map((e) => (e.storagePath ? storage.stat(e.storagePath) : undefined)));
    batch.forEach((e, j) => {
      if (found[j]) kept.push(e);
      else deps.log.warn('cbox zip: a file has no stored bytes, left out', { cboxFileId: e.cboxFileId });
    });
  }
  return kept;
}
const STAT_BATCH = 32;

async function storedPaths(deps: AppDeps, fileIds: number[]): Promise<Map<number, string>> {
  if (!fileIds.length) return new Map();
  const rows = await deps.database.db
    .select({ id: files.id, path: files.path })
    .from(files)
    .where(inArray(files.id, fileIds));
  return new Map(rows.map((r) => [r.id, r.path]));
}

/** One 'downloaded' line per file of the zip, in one insert. */
export async function logZipDownload(deps: AppDeps, user: SessionUser, entries: ZipEntry[]): Promise<void> {
  await recordActivity(
    deps.database.db,
    entries.map((e) => ({
      companyId: user.companyId,
      action: 'downloaded' as const,
      actorId: user.id,
      cboxFileId: e.cboxFileId,
      detail: { zip: true },
    })),
  );
}

/**
 * The zip as a stream, stored without compression (construction files are already compressed) and written one file
 * at a time: each file is opened only when the previous one is written, and read as fast as the client takes the
 * zip, so memory stays bounded whatever the size. When the zip's stream is destroyed (the client went away), the
 * file being read is destroyed with it. `size` is the zip's exact length (every entry's size is known).
 */
export async function zipStream(deps: AppDeps, entries: ZipEntry[]): Promise<{ stream: Readable; size: number }> {
  const storage = storageOf(deps);
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  let reading: Readable | undefined;
  const fail = (error: unknown) => {
    reading?.destroy();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  // The zip starts writing as soon as it is ended, before the caller pipes it anywhere: a read failing then must not
  // be an 'error' without a listener (it would end the process). The consumer still sees the stream destroyed.
  output.on('error', () => undefined);
  output.on('close', () => reading?.destroy());
  const mtime = new Date();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.zipPath, { compress: false, size: entry.size, mtime }, (done) => {
      if (output.destroyed) return;
      storage.read(entry.storagePath).then(
        (stream) => {
          reading = stream;
          stream.on('error', fail);
          if (output.destroyed) stream.destroy();
          else done(null, stream);
        },
        (error: unknown) => fail(error),
      );
    });
  }
  // yazl calls back with the total once every entry's size is known (@types/yazl omits the argument).
  const size = await new Promise<number>((resolve) =>
    zip.end({ forceZip64Format: false, comment: '' }, resolve as unknown as () => void),
  );
  return { stream: output, size };
}
