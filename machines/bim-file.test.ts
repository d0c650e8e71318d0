import { describe, expect, it } from 'vitest';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { BIM_FILE_STATES, bimFileMachine, type BimFileState } from './bim-file.ts';

const at = (value: BimFileState) => ({ value, context: {} });

describe('BIM file machine', () => {
  it('docs/product.md §4: generated paths walk every state and transition of a model file', async () => {
    const report = await walkModel(bimFileMachine, {
      events: [
        { type: 'bimFile.start' },
        { type: 'bimFile.succeed' },
        { type: 'bimFile.fail' },
        { type: 'bimFile.reprocess' },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of domain/quality.ts', () => {
    expect(Object.keys(bimFileMachine.root.states).sort()).toEqual([...BIM_FILE_STATES].sort());
  });

  it('a force update queues the file again from any state but the queue, and drops the old outputs', () => {
    for (const state of ['procesando', 'listo', 'error'] as const) {
      expect(nextState(bimFileMachine, at(state), { type: 'bimFile.reprocess' })).toMatchObject({
        ok: true,
        value: 'en_cola',
        actions: ['dropOutputs'],
      });
    }
    expect(nextState(bimFileMachine, at('en_cola'), { type: 'bimFile.reprocess' }).ok).toBe(false);
  });

  it('only a file being processed can be ready; a queued one can fail before it starts (its IFC is gone)', () => {
    expect(nextState(bimFileMachine, at('en_cola'), { type: 'bimFile.succeed' }).ok).toBe(false);
    expect(nextState(bimFileMachine, at('procesando'), { type: 'bimFile.succeed' })).toMatchObject({
      ok: true,
      value: 'listo',
      actions: ['writeOutputs'],
    });
    expect(nextState(bimFileMachine, at('en_cola'), { type: 'bimFile.fail' })).toMatchObject({
      ok: true,
      value: 'error',
    });
  });
});
