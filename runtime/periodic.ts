import type { AppDeps, PeriodicTask } from '../server/src/http/context.ts';

const FIRST_PASS_DELAY_MS = 5_000;

/**
 * Runs the modules' periodic tasks (deps.registry.periodicTasks(), registered in server/src/modules.ts): one pass
 * at a time per task, the first soon after start; a failed pass is logged and the next one tries again. A task
 * marked `atStop` runs once more when the process stops, so counts held in memory are not lost.
 */
export function startPeriodicTasks(deps: AppDeps, tasks: readonly PeriodicTask[] = deps.registry.periodicTasks()) {
  const loops = tasks.map((task) => {
    const log = deps.log.child({ component: task.name });
    let running: Promise<void> | undefined;
    const pass = () => {
      running ??= task
        .run(deps)
        .then((counts) => {
          if (Object.values(counts).some((n) => n > 0)) log.info(`${task.name} pass`, counts);
        })
        .catch((error: unknown) => log.error(`${task.name} failed`, { error: String(error) }))
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    const timer = setInterval(pass, task.intervalMs);
    const first = setTimeout(pass, Math.min(FIRST_PASS_DELAY_MS, task.intervalMs));
    timer.unref();
    first.unref();
    return {
      name: task.name,
      pass,
      async stop() {
        clearInterval(timer);
        clearTimeout(first);
        await running;
        if (task.atStop) await pass();
      },
    };
  });
  return {
    /** Runs one pass of the named task now (tests, and a caller that knows there is work). */
    pass: (name: string) => loops.find((l) => l.name === name)?.pass(),
    stop: () => Promise.all(loops.map((l) => l.stop())).then(() => undefined),
  };
}
