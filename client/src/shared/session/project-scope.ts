import { useSyncExternalStore } from 'react';

/**
 * Which screens a user chose to see across "all my projects" instead of the top bar's project (the agenda and the
 * solicitudes and fichas lists). Kept in browser storage per user id, so it outlives the session (logout keeps it)
 * and another user of the same browser starts from the top bar's project.
 */
export type ProjectScopeScreen = 'agenda' | 'solicitudes' | 'fichas';
export const PROJECT_SCOPE_KEY = 'project_scope';

type Stored = Record<string, Partial<Record<ProjectScopeScreen, true>>>;
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed frame)
  }
}

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(PROJECT_SCOPE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {}; // a corrupt entry is dropped rather than breaking the screen
  }
}

/** Whether `userId` chose all their projects on `screen`. */
export function readAllProjects(userId: number | null | undefined, screen: ProjectScopeScreen): boolean {
  return userId != null && read()[String(userId)]?.[screen] === true;
}

export function writeAllProjects(userId: number | null | undefined, screen: ProjectScopeScreen, all: boolean) {
  if (userId == null || readAllProjects(userId, screen) === all) return;
  const stored = read();
  const { [screen]: _dropped, ...rest } = stored[String(userId)] ?? {};
  const mine = all ? { ...rest, [screen]: true as const } : rest;
  try {
    storage()?.setItem(PROJECT_SCOPE_KEY, JSON.stringify({ ...stored, [String(userId)]: mine }));
  } catch {
    // quota or disabled storage: the choice lasts for this visit only
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The remembered "all my projects" choice of a screen, and its setter. */
export function useAllProjects(
  userId: number | null | undefined,
  screen: ProjectScopeScreen,
): [boolean, (all: boolean) => void] {
  const all = useSyncExternalStore(
    subscribe,
    () => readAllProjects(userId, screen),
    () => false,
  );
  return [all, (next: boolean) => writeAllProjects(userId, screen, next)];
}
