import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, type ActorRefFrom } from 'xstate';
import { extensionOf, hasThumbnail, selectFiles, type UploadContext } from '#domain/files';
import { uploadItemMachine } from '#machines/upload-item';
import {
  discardUpload,
  sniffFile,
  storedToUploadedItem,
  toUploadedItem,
  uploadFile,
  type StoredFile,
  type UploadedFileItem,
  type UploadMethod,
} from './upload-api.ts';
import { requestFailure, ruleFailure, type Failure } from './upload-errors.ts';

export type UploadItemActor = ActorRefFrom<typeof uploadItemMachine>;

/** One row of the uploader: the picked file, its lifecycle actor (docs/product.md §4) and what we learnt. */
export type UploaderItem = {
  id: string;
  file: File;
  actor: UploadItemActor;
  /** Tooltip text of a failed item (docs/product.md §8). */
  message?: string;
  stored?: StoredFile;
  /** Server path once signed: what a removal discards. */
  path?: string;
  observation: string;
  previewUrl?: string;
  abort?: AbortController;
  /** Picked from the library (already uploaded as the caller's copy): `file` only names it. */
  fromLibrary?: boolean;
};

export type UploaderOptions = {
  context: UploadContext;
  maxFiles: number;
  maxBytes: number;
  extensions: readonly string[];
  method: UploadMethod;
  endpoint: string;
  concurrency?: number;
  onChange?: (items: UploadedFileItem[]) => void;
};

const isUploaded = (item: UploaderItem) => item.actor.getSnapshot().value === 'uploaded' && Boolean(item.stored);
const isLive = (item: UploaderItem) => item.actor.getSnapshot().value !== 'failed';
/** What the duplicate and count rules compare: a library file's placeholder File holds no bytes, its record does. */
const candidateOf = (item: UploaderItem) => ({
  name: item.file.name,
  size: item.fromLibrary && item.stored ? item.stored.size : item.file.size,
  lastModified: item.file.lastModified,
});

/**
 * The uploader's list, each item driven by the upload-item machine: rules are checked on pick
 * (duplicates, limits, extension, first bytes), accepted files upload a few at a time, and the
 * parent only ever receives the uploaded ones (docs/product.md §4).
 */
export function useUploader(options: UploaderOptions) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploaderItem[]>([]);
  const itemsRef = useRef<UploaderItem[]>([]);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const lastEmitted = useRef<UploadedFileItem[]>([]);
  const waiting = useRef<UploaderItem[]>([]);
  const running = useRef(0);
  // One id per uploader: the server checks duplicates and the limit within it too.
  const batch = useMemo(() => `u${crypto.randomUUID().replace(/-/g, '')}`, []);

  const commit = useCallback((next: UploaderItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  const emit = useCallback(() => {
    const uploaded = itemsRef.current
      .filter(isUploaded)
      .map((i) =>
        i.fromLibrary
          ? storedToUploadedItem(i.stored!, i.observation.trim())
          : toUploadedItem(i.file, i.stored!, i.observation.trim()),
      );
    lastEmitted.current = uploaded;
    optionsRef.current.onChange?.(uploaded);
  }, []);

  const fail = useCallback((item: UploaderItem, failure: Failure) => {
    item.message = failure.message;
    item.actor.send({ type: 'upload.fail', error: failure.error });
  }, []);

  const pump = useCallback(() => {
    const limit = optionsRef.current.concurrency ?? 3;
    while (running.current < limit && waiting.current.length) {
      const item = waiting.current.shift()!;
      running.current += 1;
      void run(item).finally(() => {
        running.current -= 1;
        pump();
      });
    }
    async function run(item: UploaderItem) {
      const opts = optionsRef.current;
      const abort = new AbortController();
      item.abort = abort;
      try {
        const refused = await sniffFile(item.file, item.file.name);
        if (refused) {
          fail(item, ruleFailure(refused, t));
          return;
        }
        const stored = await uploadFile({
          file: item.file,
          context: opts.context,
          batch,
          method: opts.method,
          endpoint: opts.endpoint,
          signal: abort.signal,
          onProgress: (loaded, total) => item.actor.send({ type: 'upload.progress', loaded, total }),
          onPath: (path) => {
            item.path = path;
          },
        });
        // Removed or reset while the last step was in flight: nothing to report any more.
        if (abort.signal.aborted) return;
        item.stored = stored;
        item.actor.send({ type: 'upload.succeed', path: stored.path });
      } catch (err) {
        if (abort.signal.aborted) return;
        fail(item, requestFailure(err, t));
      }
    }
  }, [batch, fail, t]);

  const createItem = useCallback(
    (file: File, fromLibrary = false): UploaderItem => {
      const item = { id: crypto.randomUUID(), file, observation: '', fromLibrary } as UploaderItem;
      if (!fromLibrary && hasThumbnail(extensionOf(file.name)) && typeof URL.createObjectURL === 'function')
        item.previewUrl = URL.createObjectURL(file);
      // Effects the machine names, bound to this item (machines stay pure; docs/architecture.md §5).
      const machine = uploadItemMachine.provide({
        actions: {
          // Runs inside the transition: emit once the new state is in place.
          emitChange: () => queueMicrotask(emit),
          abortUpload: () => {
            item.abort?.abort();
            waiting.current = waiting.current.filter((w) => w !== item);
          },
          startUpload: () => {
            if (item.path) discardUpload(item.path);
            item.path = undefined;
            item.message = undefined;
            waiting.current.push(item);
            queueMicrotask(pump);
          },
        },
      });
      item.actor = createActor(machine, { input: {} }).start();
      return item;
    },
    [emit, pump],
  );

  const add = useCallback(
    (picked: File[]) => {
      const opts = optionsRef.current;
      const live = itemsRef.current.filter(isLive).map(candidateOf);
      const { accepted, rejected } = selectFiles(picked, live, {
        maxFiles: opts.maxFiles,
        maxBytes: opts.maxBytes,
        extensions: opts.extensions,
      });
      const created = picked.map((file) => {
        const item = createItem(file);
        const refusal = rejected.find((r) => r.file === file);
        if (refusal) fail(item, ruleFailure(refusal.error, t));
        else if (accepted.includes(file)) waiting.current.push(item);
        return item;
      });
      commit([...itemsRef.current, ...created]);
      pump();
    },
    [commit, createItem, fail, pump, t],
  );

  /**
   * Files picked from the library (docs/product.md §1): the server already copied each as an upload of this
   * uploader's batch, so they join the list as uploaded items and are emitted like any other.
   */
  const addStored = useCallback(
    (stored: readonly StoredFile[]) => {
      const created = stored.map((file) => {
        const placeholder = new File([], file.name, {
          type: file.type,
          lastModified: Date.parse(file.created_at) || Date.now(),
        });
        const item = createItem(placeholder, true);
        item.stored = file;
        item.path = file.path;
        // Emitted in a microtask (emitChange), once the list below holds it.
        item.actor.send({ type: 'upload.succeed', path: file.path });
        return item;
      });
      commit([...itemsRef.current, ...created]);
    },
    [commit, createItem],
  );

  /** How many more files the list takes (failed ones do not count: docs/product.md §5). */
  const remaining = useCallback(
    () => Math.max(0, optionsRef.current.maxFiles - itemsRef.current.filter(isLive).length),
    [],
  );

  const forget = (item: UploaderItem) => {
    if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    item.actor.stop();
  };

  const remove = useCallback(
    (item: UploaderItem) => {
      item.actor.send({ type: 'upload.remove' });
      if (item.path) discardUpload(item.path);
      forget(item);
      commit(itemsRef.current.filter((i) => i !== item));
    },
    [commit],
  );

  const retry = useCallback((item: UploaderItem) => item.actor.send({ type: 'upload.retry' }), []);

  /** The value was emptied from outside (e.g. the form was saved): start over, emitting nothing back. */
  const reset = useCallback(() => {
    for (const item of itemsRef.current) {
      item.actor.send({ type: 'upload.reset' });
      forget(item);
    }
    waiting.current = [];
    lastEmitted.current = [];
    commit([]);
  }, [commit]);

  const setObservation = useCallback(
    (item: UploaderItem, text: string) => {
      item.observation = text;
      commit([...itemsRef.current]);
      if (isUploaded(item)) emit();
    },
    [commit, emit],
  );

  // Unmounting aborts what is in flight; nothing is emitted any more.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) {
        item.abort?.abort();
        forget(item);
      }
    },
    [],
  );

  return {
    items,
    batch,
    add,
    addStored,
    remaining,
    remove,
    retry,
    reset,
    setObservation,
    hasEmitted: () => lastEmitted.current.length > 0,
  };
}
