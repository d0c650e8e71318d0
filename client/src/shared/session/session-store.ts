import { useSyncExternalStore } from 'react';
import { initialLocale, LOCALE_STORAGE_KEY, type AppLocale } from '../i18n.ts';

/**
 * Session/base state of docs/product.md §3: locale, headers, projectId, params, uploads count, sidebars and
 * gridMode. Browser storage keeps only metadata, locale and grid_mode; the rest lives for the tab.
 * A tiny external store read with useSyncExternalStore, so non-React code (the API clients) reads
 * the same state the components render.
 */
export type GridMode = 'list' | 'grid';
export type SessionParams = { proyecto_id: number | null; unidad_id: number | null; solicitud_id: number | null };
export type SessionParamName = keyof SessionParams;
/** metadata: small per-browser bookkeeping: the last visited route per module (docs/product.md §2) and the last project picked. */
export type SessionMetadata = { lastRoutes: Record<string, string>; projectId: number | null };

export type SessionState = {
  locale: AppLocale;
  headers: Record<string, string>;
  projectId: number | null;
  params: SessionParams;
  uploads: number;
  sidebars: Record<string, boolean>;
  gridMode: GridMode;
  metadata: SessionMetadata;
};

export const STORAGE_KEYS = { metadata: 'metadata', locale: LOCALE_STORAGE_KEY, gridMode: 'grid_mode' } as const;
export const SESSION_PARAM_NAMES: readonly SessionParamName[] = ['proyecto_id', 'unidad_id', 'solicitud_id'];

const emptyParams = (): SessionParams => ({ proyecto_id: null, unidad_id: null, solicitud_id: null });

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed frame)
  }
}

function readMetadata(raw: string | null | undefined): SessionMetadata {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const { lastRoutes, projectId } = (parsed ?? {}) as { lastRoutes?: unknown; projectId?: unknown };
    const clean =
      lastRoutes && typeof lastRoutes === 'object'
        ? (Object.fromEntries(Object.entries(lastRoutes).filter(([, v]) => typeof v === 'string')) as Record<
            string,
            string
          >)
        : {};
    return { lastRoutes: clean, projectId: Number.isInteger(projectId) ? (projectId as number) : null };
  } catch {
    // a corrupt entry is dropped rather than breaking the app
  }
  return { lastRoutes: {}, projectId: null };
}

/** The language this browser asks for (docs/product.md §1 default), ignoring what is stored. */
export function browserLocale(): AppLocale {
  return initialLocale(null, browserLanguages());
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function loadInitialState(): SessionState {
  const s = storage();
  const grid = s?.getItem(STORAGE_KEYS.gridMode);
  const metadata = readMetadata(s?.getItem(STORAGE_KEYS.metadata));
  return {
    locale: initialLocale(s?.getItem(STORAGE_KEYS.locale) ?? null, browserLanguages()),
    headers: {},
    projectId: metadata.projectId,
    params: { ...emptyParams(), proyecto_id: metadata.projectId },
    uploads: 0,
    sidebars: {},
    gridMode: grid === 'grid' ? 'grid' : 'list',
    metadata,
  };
}

let state: SessionState = loadInitialState();
const listeners = new Set<() => void>();

function persist(prev: SessionState, next: SessionState) {
  const s = storage();
  if (!s) return;
  try {
    if (prev.locale !== next.locale) s.setItem(STORAGE_KEYS.locale, next.locale);
    if (prev.gridMode !== next.gridMode) s.setItem(STORAGE_KEYS.gridMode, next.gridMode);
    if (prev.metadata !== next.metadata) s.setItem(STORAGE_KEYS.metadata, JSON.stringify(next.metadata));
  } catch {
    // quota or disabled storage: the in-memory state still works for this tab
  }
}

function update(patch: Partial<SessionState> | ((s: SessionState) => Partial<SessionState>)) {
  const prev = state;
  const next = { ...prev, ...(typeof patch === 'function' ? patch(prev) : patch) };
  state = next;
  persist(prev, next);
  listeners.forEach((l) => l());
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  setLocale: (locale: AppLocale) => update({ locale }),
  setGridMode: (gridMode: GridMode) => update({ gridMode }),
  /** Extra auth headers (e.g. a token handed over by an embedding portal) sent with every API call. */
  setHeaders: (headers: Record<string, string>) => update({ headers: { ...headers } }),
  /** The project picked in the top bar; it is also the proyecto_id param of module calls. */
  setProject(projectId: number | null) {
    if (projectId === state.projectId && projectId === state.params.proyecto_id) return;
    update((s) => ({
      projectId,
      params: { ...s.params, proyecto_id: projectId },
      metadata: { ...s.metadata, projectId },
    }));
  },
  /** Route-derived params (unidad_id, solicitud_id); proyecto_id goes through setProject. */
  setParams(params: Partial<SessionParams>) {
    const merged = { ...state.params, ...params };
    if (SESSION_PARAM_NAMES.every((k) => merged[k] === state.params[k])) return;
    if (merged.proyecto_id !== state.params.proyecto_id) session.setProject(merged.proyecto_id);
    update({ params: { ...state.params, unidad_id: merged.unidad_id, solicitud_id: merged.solicitud_id } });
  },
  beginUpload: () => update((s) => ({ uploads: s.uploads + 1 })),
  endUpload: () => update((s) => ({ uploads: Math.max(0, s.uploads - 1) })),
  setSidebar: (name: string, open: boolean) => update((s) => ({ sidebars: { ...s.sidebars, [name]: open } })),
  rememberRoute(module: string, path: string) {
    if (state.metadata.lastRoutes[module] === path) return;
    update((s) => ({ metadata: { ...s.metadata, lastRoutes: { ...s.metadata.lastRoutes, [module]: path } } }));
  },
  forgetRoute(module: string) {
    if (!(module in state.metadata.lastRoutes)) return;
    update((s) => {
      const { [module]: _dropped, ...rest } = s.metadata.lastRoutes;
      return { metadata: { ...s.metadata, lastRoutes: rest } };
    });
  },
  /** Logout: drop what belongs to the signed-in user; locale and grid_mode are browser preferences. */
  clearUser: () =>
    update({
      headers: {},
      projectId: null,
      params: emptyParams(),
      uploads: 0,
      metadata: { lastRoutes: {}, projectId: null },
    }),
  /** Tests: start from what browser storage holds now. */
  reset: () => update(loadInitialState()),
};

/** Whether this browser already chose a home view (the account default applies only otherwise). */
export function hasStoredGridMode(): boolean {
  try {
    return storage()?.getItem(STORAGE_KEYS.gridMode) != null;
  } catch {
    return false;
  }
}

export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(
    session.subscribe,
    () => select(state),
    () => select(state),
  );
}
