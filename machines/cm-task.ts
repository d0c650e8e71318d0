import { setup } from 'xstate';
import { CM_TASK_STATES, type CmTaskState } from '#domain/cmanagement';
import type { OptionalInput } from './types.ts';

/**
 * docs/product.md §1 Cmanagement task: pending, in progress, completed; a task with unfinished subtasks cannot be
 * completed. State ids are domain/cmanagement.ts's.
 */
export { CM_TASK_STATES, type CmTaskState };

/** `openSubtasks`: its subtasks not completed yet, read by the server when it loads the task. */
export type CmTaskContext = { openSubtasks: number };
export type CmTaskInput = OptionalInput<Partial<CmTaskContext>>;

export type CmTaskEvent = { type: 'cmTask.start' } | { type: 'cmTask.complete' } | { type: 'cmTask.reopen' };
export type CmTaskEventType = CmTaskEvent['type'];

export const cmTaskMachine = setup({
  types: {
    context: {} as CmTaskContext,
    events: {} as CmTaskEvent,
    input: {} as CmTaskInput,
  },
  guards: {
    hasNoOpenSubtasks: ({ context }) => context.openSubtasks === 0,
  },
  actions: {
    // Effects performed by server/src/modules/cmanagement/tasks/commands.ts: progress to 100 on completion, back
    // below 100 on reopening.
    setProgressComplete: () => {},
    clearProgressComplete: () => {},
  },
}).createMachine({
  id: 'cmTask',
  initial: 'pendiente',
  context: ({ input }) => ({ openSubtasks: input?.openSubtasks ?? 0 }),
  states: {
    pendiente: {
      on: {
        'cmTask.start': { target: 'en_curso' },
        'cmTask.complete': { target: 'completada', guard: 'hasNoOpenSubtasks', actions: 'setProgressComplete' },
      },
    },
    en_curso: {
      on: {
        'cmTask.complete': { target: 'completada', guard: 'hasNoOpenSubtasks', actions: 'setProgressComplete' },
      },
    },
    completada: {
      on: { 'cmTask.reopen': { target: 'en_curso', actions: 'clearProgressComplete' } },
    },
  },
});
