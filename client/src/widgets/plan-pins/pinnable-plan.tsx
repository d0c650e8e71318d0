import type { UseQueryResult } from '@tanstack/react-query';
import type { PlanPinInput } from '#domain/plan-pins';
import type { BoardFailure, PlanBoard as Board } from '#domain/plan-pins-responses';
import { showSuccessToast } from '../../api/notify.ts';
import { QueryState } from '../query-state.tsx';
import { PlanBoard } from './plan-board.tsx';
import { usePinT } from './pin-words.ts';

type Props = {
  query: Pick<UseQueryResult<Board>, 'data' | 'isError' | 'error' | 'refetch'>;
  busy: boolean;
  /** Saves the pin, or its removal (`null`), through the surface's own mutation; `onSaved` after it succeeded. */
  save: (failure: BoardFailure, pin: PlanPinInput | null, onSaved: () => void) => void;
  /** Whether this surface may take a pin off (staff and the revision may; owners only move theirs). */
  removable?: boolean;
  /** Whose pins these are, in the surface's words (pin-words.ts). */
  words?: string;
};

/**
 * A surface's plan (the staff ticket, the delivery revision, the owner portal): the board of its query, each pin
 * saved through the surface's mutation and told with the same message everywhere.
 */
export function PinnablePlan({ query, busy, save, removable = true, words }: Props) {
  const t = usePinT(words);
  return (
    <QueryState query={query} minH="20vh">
      {(board) => (
        <PlanBoard
          board={board}
          busy={busy}
          words={words}
          onPin={(failure, pin) => save(failure, pin, () => showSuccessToast(t('widgets.plan_pins.saved')))}
          onUnpin={
            removable
              ? (failure) => save(failure, null, () => showSuccessToast(t('widgets.plan_pins.removed')))
              : undefined
          }
        />
      )}
    </QueryState>
  );
}
