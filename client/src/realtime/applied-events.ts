// Ids remembered for de-duplication: a replay may overlap live delivery after a reconnect.
const REMEMBERED = 2000;

/**
 * The live events already applied to a set of caches (docs/architecture.md §5 step 5: delivery is at least once,
 * so a client ignores an event id it has applied): a bounded window of the latest ids, and the
 * highest id seen, which a new socket sends so the gateway replays what came after it.
 */
export function createAppliedEvents(max = REMEMBERED) {
  const ids = new Set<number>();
  const order: number[] = [];
  let lastId: number | undefined;
  return {
    /** True the first time an id comes (apply the event), false for a repeat. */
    add(id: number): boolean {
      if (ids.has(id)) return false;
      ids.add(id);
      order.push(id);
      if (order.length > max) ids.delete(order.shift()!);
      if (lastId === undefined || id > lastId) lastId = id;
      return true;
    },
    get lastId() {
      return lastId;
    },
  };
}
export type AppliedEvents = ReturnType<typeof createAppliedEvents>;
