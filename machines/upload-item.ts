import { assign, setup } from 'xstate';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 upload item: one file in an uploader. `removed` ends the item. */
export const UPLOAD_ITEM_STATES = ['uploading', 'uploaded', 'failed', 'removed'] as const;
export type UploadItemState = (typeof UPLOAD_ITEM_STATES)[number];

/** docs/product.md §8 upload errors. Only a failed request is worth retrying; the others fail the same again. */
export const UPLOAD_ERRORS = [
  'duplicate',
  'too_large',
  'no_extension',
  'invalid_extension',
  'limit_exceeded',
  'request_failed',
] as const;
export type UploadError = (typeof UPLOAD_ERRORS)[number];
export const RETRYABLE_UPLOAD_ERRORS: readonly UploadError[] = ['request_failed'];

export type UploadItemContext = {
  /** 0–100. */
  progress: number;
  /** Storage path once uploaded (what the uploader emits to its parent). */
  path: string | null;
  error: UploadError | null;
};
export type UploadItemInput = OptionalInput<Partial<UploadItemContext>>;

export type UploadItemEvent =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.succeed'; path: string }
  | { type: 'upload.fail'; error: UploadError }
  | { type: 'upload.retry' }
  /** The user removes the item. */
  | { type: 'upload.remove' }
  /** The value was emptied from outside: drop the item without emitting back (no loop). */
  | { type: 'upload.reset' };

export type UploadItemEventType = UploadItemEvent['type'];

export const uploadItemMachine = setup({
  types: {
    context: {} as UploadItemContext,
    events: {} as UploadItemEvent,
    input: {} as UploadItemInput,
  },
  guards: {
    hasPath: ({ event }) => event.type === 'upload.succeed' && event.path.length > 0,
    isRetryable: ({ context }) => context.error !== null && RETRYABLE_UPLOAD_ERRORS.includes(context.error),
  },
  actions: {
    setProgress: assign(({ event }) => {
      if (event.type !== 'upload.progress' || !(event.total > 0)) return {};
      return { progress: Math.min(100, Math.max(0, Math.round((event.loaded / event.total) * 100))) };
    }),
    setPath: assign(({ event }) =>
      event.type === 'upload.succeed' ? { path: event.path, progress: 100, error: null } : {},
    ),
    setError: assign(({ event }) => (event.type === 'upload.fail' ? { error: event.error } : {})),
    restart: assign({ progress: 0, error: null }),
    // Effects, given their bodies with .provide() by the uploader
    // (client/src/widgets/upload/use-uploader.ts): docs/product.md §4 only uploaded files are emitted to
    // the parent, so the list is emitted when an item becomes or stops being uploaded; abort cancels the
    // request in flight; startUpload sends it again.
    emitChange: () => {},
    abortUpload: () => {},
    startUpload: () => {},
  },
}).createMachine({
  id: 'uploadItem',
  initial: 'uploading',
  context: ({ input }) => ({ progress: input?.progress ?? 0, path: input?.path ?? null, error: input?.error ?? null }),
  states: {
    uploading: {
      on: {
        'upload.progress': { actions: 'setProgress' },
        'upload.succeed': { target: 'uploaded', guard: 'hasPath', actions: ['setPath', 'emitChange'] },
        'upload.fail': { target: 'failed', actions: 'setError' },
        'upload.remove': { target: 'removed', actions: 'abortUpload' },
        'upload.reset': { target: 'removed', actions: 'abortUpload' },
      },
    },
    uploaded: {
      on: {
        'upload.remove': { target: 'removed', actions: 'emitChange' },
        'upload.reset': { target: 'removed' },
      },
    },
    failed: {
      on: {
        'upload.retry': { target: 'uploading', guard: 'isRetryable', actions: ['restart', 'startUpload'] },
        'upload.remove': { target: 'removed' },
        'upload.reset': { target: 'removed' },
      },
    },
    removed: { type: 'final' },
  },
});
