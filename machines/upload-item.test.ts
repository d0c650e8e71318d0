import { describe, expect, it } from 'vitest';
import { initialState, nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import {
  UPLOAD_ERRORS,
  UPLOAD_ITEM_STATES,
  uploadItemMachine,
  type UploadError,
  type UploadItemState,
} from './upload-item.ts';

const at = (value: UploadItemState, error: UploadError | null = null) => ({
  value,
  context: { progress: value === 'uploaded' ? 100 : 0, path: value === 'uploaded' ? 'tmp/a.pdf' : null, error },
});

describe('upload item machine', () => {
  it('docs/product.md §4: generated paths walk every upload item state and transition', async () => {
    const report = await walkModel(uploadItemMachine, {
      events: [
        { type: 'upload.progress', loaded: 50, total: 100 },
        { type: 'upload.succeed', path: 'uploads/2030/plano.pdf' },
        { type: 'upload.succeed', path: '' },
        { type: 'upload.fail', error: 'request_failed' },
        { type: 'upload.fail', error: 'duplicate' },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states', () => {
    expect(Object.keys(uploadItemMachine.root.states).sort()).toEqual([...UPLOAD_ITEM_STATES].sort());
    expect(initialState(uploadItemMachine).value).toBe('uploading');
  });

  it('docs/product.md §4: only an uploaded file is emitted to the parent', () => {
    expect(nextState(uploadItemMachine, at('uploading'), { type: 'upload.succeed', path: 'tmp/a.pdf' })).toEqual({
      ok: true,
      value: 'uploaded',
      context: { progress: 100, path: 'tmp/a.pdf', error: null },
      actions: ['emitChange'],
    });
    expect(nextState(uploadItemMachine, at('uploading'), { type: 'upload.fail', error: 'too_large' })).toEqual({
      ok: true,
      value: 'failed',
      context: { progress: 0, path: null, error: 'too_large' },
      actions: [],
    });
  });

  it('docs/product.md §4: removing updates the emitted list only when the item was emitted; an upload in flight is aborted', () => {
    expect(nextState(uploadItemMachine, at('uploaded'), { type: 'upload.remove' })).toMatchObject({
      ok: true,
      value: 'removed',
      actions: ['emitChange'],
    });
    expect(nextState(uploadItemMachine, at('uploading'), { type: 'upload.remove' })).toMatchObject({
      ok: true,
      value: 'removed',
      actions: ['abortUpload'],
    });
    expect(nextState(uploadItemMachine, at('failed', 'duplicate'), { type: 'upload.remove' })).toMatchObject({
      ok: true,
      value: 'removed',
      actions: [],
    });
  });

  it('docs/product.md §4: emptying the value from outside resets without emitting back', () => {
    for (const from of ['uploading', 'uploaded', 'failed'] as const) {
      const result = nextState(uploadItemMachine, at(from), { type: 'upload.reset' });
      expect(result).toMatchObject({ ok: true, value: 'removed' });
      if (result.ok) expect(result.actions).not.toContain('emitChange');
    }
    expect(nextState(uploadItemMachine, at('removed'), { type: 'upload.reset' }).ok).toBe(false);
  });

  it('docs/product.md §8: only a failed request is retried; validation errors would fail the same again', () => {
    for (const error of UPLOAD_ERRORS) {
      const result = nextState(uploadItemMachine, at('failed', error), { type: 'upload.retry' });
      expect(result.ok, error).toBe(error === 'request_failed');
    }
    expect(nextState(uploadItemMachine, at('failed', 'request_failed'), { type: 'upload.retry' })).toEqual({
      ok: true,
      value: 'uploading',
      context: { progress: 0, path: null, error: null },
      actions: ['startUpload'],
    });
  });

  it('progress is a clamped percentage', () => {
    const progress = (loaded: number, total: number) => {
      const result = nextState(uploadItemMachine, at('uploading'), { type: 'upload.progress', loaded, total });
      return result.ok ? result.context.progress : undefined;
    };
    expect(progress(1, 3)).toBe(33);
    expect(progress(5, 4)).toBe(100);
    expect(progress(5, 0)).toBe(0);
  });
});
