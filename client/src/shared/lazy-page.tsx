import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '#domain/limits';
import { loadFullCatalogue } from './i18n.ts';

/** A chunk that failed to load, or took longer than docs/product.md §8's 120 s. The route error UI reads it. */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    cause?: unknown,
  ) {
    super(reason === 'timeout' ? 'Chunk load timed out' : 'Chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

export const isChunkLoadError = (e: unknown): boolean =>
  e instanceof ChunkLoadError ||
  (e instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(e.message));

/** Races the import against the timeout; a slow network raises a load error instead of a spinner forever. */
export function withTimeout<T>(loader: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    loader().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', err));
      },
    );
  });
}

export type PageComponent = LazyExoticComponent<ComponentType<any>>;

export type LazyPageOptions = {
  /** Pages of the first screens (login, home): they need only the first-load strings. */
  firstLoad?: boolean;
  timeoutMs?: number;
};

/**
 * React.lazy for a named export (the codebase uses named exports only). Pages receive no props:
 * they read route params through react-router hooks. Unless marked first-load, a page also waits
 * for the whole string catalogue, so it never shows a missing key.
 */
export function lazyPage<M extends Record<string, unknown>>(
  loader: () => Promise<M>,
  exportName: keyof M & string,
  options: LazyPageOptions = {},
): PageComponent {
  const load = options.firstLoad ? loader : () => Promise.all([loader(), loadFullCatalogue()]).then(([m]) => m);
  return lazy(() => withTimeout(load, options.timeoutMs).then((m) => ({ default: m[exportName] as ComponentType })));
}
