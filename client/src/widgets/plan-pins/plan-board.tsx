import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../shared/layout/page-states.tsx';
import type { PlanBoardProps } from './plan-board-impl.tsx';

// The board (and pdf.js behind it) is fetched with the first plan shown, never with a first screen
// (client/build/first-screen-chunks.test.ts).
const Impl = lazy(() => import('./plan-board-impl.tsx').then((m) => ({ default: m.PlanBoardImpl })));

/** The plan with the unit's failures as numbered pins (plan-board-impl.tsx), loaded on first use. */
export function PlanBoard(props: PlanBoardProps) {
  return (
    <Suspense fallback={<PageSpinner minH="30vh" />}>
      <Impl {...props} />
    </Suspense>
  );
}
