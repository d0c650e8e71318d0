import path from 'node:path';
import type { AppDeps } from '../http/context.ts';
import { createLocalStorage, type LocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { Storage } from './types.ts';
export type { LocalStorage } from './local.ts';

const built = new WeakMap<AppDeps, Storage>();

/**
 * The storage of one app: `deps.extras.storage` when a test or the runtime injected one, else S3
 * when S3_* is configured, else local disk under DATA_DIR/files. Built once per deps.
 */
export function storageOf(deps: AppDeps): Storage {
  const injected = deps.extras.storage as Storage | undefined;
  if (injected) return injected;
  let storage = built.get(deps);
  if (!storage) {
    storage = deps.config.s3
      ? createS3Storage(deps.config.s3)
      : createLocalStorage({ root: path.join(deps.config.dataDir, 'files'), secret: deps.config.signingSecret });
    built.set(deps, storage);
  }
  return storage;
}

export const isLocal = (storage: Storage): storage is LocalStorage => storage.kind === 'local';
