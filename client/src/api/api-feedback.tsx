import { lazy, Suspense, useSyncExternalStore } from 'react';
import { withTimeout } from '../shared/lazy-page.tsx';
import { loadToaster, toasterWanted, warningsDialog } from './notify.ts';

// Both hosts are separate chunks: most sessions never see a warning dialog, and the toaster loads
// with the first toast (docs/product.md §8 behaviour unchanged, first load lighter).
const LazyToaster = lazy(() => withTimeout(loadToaster).then((m) => ({ default: m.ApiToaster })));
const LazyWarningsDialog = lazy(() =>
  withTimeout(() => import('./warnings-dialog.tsx')).then((m) => ({ default: m.WarningsDialog })),
);

/** Renders the docs/product.md §8 toasts and the warnings dialog raised by the API clients. */
export function ApiFeedback() {
  const wantsToaster = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, toasterWanted.get);
  const notice = useSyncExternalStore(warningsDialog.subscribe, warningsDialog.current, warningsDialog.current);
  return (
    <Suspense fallback={null}>
      {wantsToaster ? <LazyToaster /> : null}
      {notice ? <LazyWarningsDialog key={notice.id} notice={notice} /> : null}
    </Suspense>
  );
}
