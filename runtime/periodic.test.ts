import { describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../server/src/http/context.ts';
import { createLogger } from '../server/src/lib/logger.ts';
import { startPeriodicTasks } from './periodic.ts';

const deps = { log: createLogger('silent') } as AppDeps;

describe('periodic tasks', () => {
  it('runs one pass at a time, survives a failed pass and waits for the pass in flight when stopped', async () => {
    let calls = 0;
    let release!: () => void;
    const run = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('falló');
      await new Promise<void>((r) => (release = r));
      return { sent: 1 };
    });
    const periodic = startPeriodicTasks(deps, [{ name: 'prueba', intervalMs: 60_000, run }]);
    await periodic.pass('prueba');
    const second = periodic.pass('prueba');
    expect(periodic.pass('prueba')).toBe(second);
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs a task marked atStop once more when stopped, and only that one', async () => {
    const flush = vi.fn(async () => ({ written: 0 }));
    const sweep = vi.fn(async () => ({ deleted: 0 }));
    const periodic = startPeriodicTasks(deps, [
      { name: 'flush', intervalMs: 60_000, run: flush, atStop: true },
      { name: 'sweep', intervalMs: 60_000, run: sweep },
    ]);
    await periodic.stop();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(sweep).not.toHaveBeenCalled();
  });
});
