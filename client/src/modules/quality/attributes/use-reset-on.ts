import { useState } from 'react';

/** Resets a dialog's fields each time it opens for another subject (React's "adjust state on prop change"). */
export function useResetOn<K>(key: K, reset: () => void) {
  const [shownFor, setShownFor] = useState<K>(key);
  if (key !== shownFor) {
    setShownFor(key);
    reset();
  }
}
