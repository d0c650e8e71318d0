import type { CboxConflictResolution } from '#domain/cbox';

/**
 * Unfinished uploads kept in the browser (localStorage) so a reload can resume them: the server's session id and the
 * file's fingerprint (name, size, lastModified). The bytes cannot be kept: the user picks the same file again, and
 * the upload goes on from the parts the server already holds.
 */
export type SavedSession = {
  id: string;
  folderId: number | null;
  name: string;
  size: number;
  lastModified: number;
  onConflict?: CboxConflictResolution;
};

const KEY = 'cbox.uploads';

function isSaved(v: unknown): v is SavedSession {
  const s = v as SavedSession;
  return (
    !!s &&
    typeof s.id === 'string' &&
    typeof s.name === 'string' &&
    typeof s.size === 'number' &&
    typeof s.lastModified === 'number' &&
    (s.folderId === null || typeof s.folderId === 'number')
  );
}

export function savedSessions(): SavedSession[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSaved) : [];
  } catch {
    return [];
  }
}

function write(list: SavedSession[]) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage full or disabled: the upload still runs, it just cannot resume after a reload */
  }
}

export function saveSession(session: SavedSession): void {
  write([...savedSessions().filter((s) => s.id !== session.id), session]);
}

export function forgetSession(id: string): void {
  write(savedSessions().filter((s) => s.id !== id));
}

/** The same file picked again: name, size and lastModified all equal. */
export const isSameFingerprint = (a: Pick<SavedSession, 'name' | 'size' | 'lastModified'>, file: File) =>
  a.name === file.name && a.size === file.size && a.lastModified === file.lastModified;
