import { lazy } from 'react';
import { withTimeout } from '../../../shared/lazy-page.tsx';

// The dashboards (and the chart widgets they draw with) are a chunk of their own: most users of the module never open them.
const load = () => withTimeout(() => import('./dashboards.ts'));
const Board = lazy(() => load().then((m) => ({ default: m.BoardPage })));
const Efficiency = lazy(() => load().then((m) => ({ default: m.EfficiencyPage })));
const Statistics = lazy(() => load().then((m) => ({ default: m.StatisticsPage })));

/** Route pages must be functions (a lazy page cannot resolve to another lazy); the route's Suspense covers the load. */
export function BoardPage() {
  return <Board />;
}
export function EfficiencyPage() {
  return <Efficiency />;
}
export function StatisticsPage() {
  return <Statistics />;
}
